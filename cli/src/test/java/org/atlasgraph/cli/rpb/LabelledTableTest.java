package org.atlasgraph.cli.rpb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LabelledTableTest {
    @TempDir
    Path dir;

    @Test
    void readsCoordinatesAndLabelsInAnyColumnOrder() throws IOException {
        Path file = write("a, \"label\" ,b\n1.5,x,-2\n\n0,y,3e2\n");
        LabelledTable t = LabelledTable.read("--train", file, "label", true);
        assertThat(t.columns()).containsExactly("a", "b");
        assertThat(t.points()).containsExactly(new double[] {1.5, -2}, new double[] {0, 300});
        assertThat(t.labels()).contains(List.of("x", "y"));
        assertThat(t.distinctLabels()).containsExactly("x", "y");
        assertThat(t.pointsLabelled("y")).containsExactly(new double[] {0, 300});
    }

    @Test
    void theLabelColumnIsOptionalForPointsToClassify() throws IOException {
        LabelledTable t = LabelledTable.read("--predict", write("a,b\n1,2\n"), "label", false);
        assertThat(t.labels()).isEmpty();
        assertThat(t.distinctLabels()).isEmpty();
    }

    @Test
    void writesPredictionsAfterTheInputColumns() throws IOException {
        LabelledTable t = LabelledTable.read("--predict", write("a,b,label\n1,2,p\n3,4,q\n"), "label", false);
        Path out = dir.resolve("out.csv");
        t.writeWithPredictions(out, List.of("p", "p"), new double[] {0.5, -1.25});
        assertThat(Files.readAllLines(out)).containsExactly("a,b,label,predicted,score", "1.0,2.0,p,p,0.500000",
                "3.0,4.0,q,p,-1.25000");
    }

    @Test
    void malformedInputNamesTheOptionTheLineAndTheColumn() throws IOException {
        Path wrongLength = write("a,label\n1,x\n2\n");
        assertThatThrownBy(() -> LabelledTable.read("--train", wrongLength, "label", true))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--train: expected 2 fields on every line, as in the header, found 1 fields (" + wrongLength
                        + " line 3)");
        Path notNumber = write("a,label\nabc,x\n");
        assertThatThrownBy(() -> LabelledTable.read("--train", notNumber, "label", true))
                .hasMessage("--train: expected a number in column 'a', found 'abc' (" + notNumber + " line 2)");
        Path nan = write("a,label\nNaN,x\n");
        assertThatThrownBy(() -> LabelledTable.read("--train", nan, "label", true))
                .hasMessage("--train: expected a finite number in column 'a', found NaN (" + nan + " line 2)");
        Path noLabel = write("a,b\n1,2\n");
        assertThatThrownBy(() -> LabelledTable.read("--train", noLabel, "label", true))
                .hasMessage("--train: expected a column 'label' of class labels, found columns [a, b] (" + noLabel
                        + ")");
        Path headerOnly = write("a,label\n");
        assertThatThrownBy(() -> LabelledTable.read("--train", headerOnly, "label", true))
                .hasMessage("--train: expected at least one data row after the header, found none (" + headerOnly
                        + ")");
    }

    private Path write(String text) throws IOException {
        Path f = Files.createTempFile(dir, "t", ".csv");
        Files.writeString(f, text);
        return f;
    }
}
