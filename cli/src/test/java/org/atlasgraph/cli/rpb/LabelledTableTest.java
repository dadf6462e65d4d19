package org.atlasgraph.cli.rpb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.io.CsvReader;
import org.atlasgraph.io.CsvTable;
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
                .hasMessage("--train '" + wrongLength + "' line 3: expected 2 fields as on line 1 (the header), "
                        + "found 1 fields");
        Path notNumber = write("a,label\nabc,x\n");
        assertThatThrownBy(() -> LabelledTable.read("--train", notNumber, "label", true))
                .hasMessage("--train '" + notNumber + "' line 2, column 1 ('a'): expected a decimal number such as "
                        + "0.5 or -1e-3, found 'abc'");
        Path nan = write("a,label\nNaN,x\n");
        assertThatThrownBy(() -> LabelledTable.read("--train", nan, "label", true))
                .hasMessage("--train '" + nan + "' line 2, column 1 ('a'): expected a finite number, found 'NaN'");
        Path noLabel = write("a,b\n1,2\n");
        assertThatThrownBy(() -> LabelledTable.read("--train", noLabel, "label", true))
                .hasMessage("--train '" + noLabel + "': expected a column 'label' of class labels, found columns "
                        + "[a, b]");
        Path headerOnly = write("a,label\n");
        assertThatThrownBy(() -> LabelledTable.read("--train", headerOnly, "label", true))
                .hasMessage("--train '" + headerOnly + "': expected at least one data row after the header on line "
                        + "1, found none");
        Path emptyLabel = write("a,label\n1,\n");
        assertThatThrownBy(() -> LabelledTable.read("--train", emptyLabel, "label", true))
                .hasMessage("--train '" + emptyLabel + "' line 2, column 2 ('label'): expected a class label, found an "
                        + "empty field");
        Path javaLiteral = write("a,label\n2f,x\n");
        assertThatThrownBy(() -> LabelledTable.read("--train", javaLiteral, "label", true))
                .hasMessageEndingWith("found '2f' (Java literal syntax is not accepted)");
    }

    @Test
    void fileWithoutAHeaderIsRefusedRatherThanLosingItsFirstRow() throws IOException {
        Path noHeader = write("1,2\n3,4\n");
        assertThatThrownBy(() -> LabelledTable.read("--predict", noHeader, "label", false))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--predict '" + noHeader + "' line 1: expected a header row of column names, found a row "
                        + "of numbers (add a first line naming the columns)");
    }

    @Test
    void labelsWithCommasSurviveTheRoundTrip() throws IOException {
        LabelledTable t = LabelledTable.read("--predict", write("a,label\n1,\"x, y\"\n"), "label", false);
        Path out = dir.resolve("out.csv");
        t.writeWithPredictions(out, List.of("p, q"), new double[] {0.5});
        CsvTable back = CsvReader.readTable("", out);
        assertThat(List.of(back.text(0, 1), back.text(0, 2))).as("labels read back").containsExactly("x, y", "p, q");
        assertThat(Files.readAllLines(out)).as("file").containsExactly("a,label,predicted,score",
                "1.0,\"x, y\",\"p, q\",0.500000");
    }

    private Path write(String text) throws IOException {
        Path f = Files.createTempFile(dir, "t", ".csv");
        Files.writeString(f, text);
        return f;
    }
}
