package org.atlasgraph.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {
    private static final double INF = Double.POSITIVE_INFINITY;

    @TempDir
    Path dir;


    private static HtmlReport sample() {
        double[] truth = {1, 2, 3, 4, 5};
        double[] estimate = {1.1, 1.9, 3.3, 4.0, 5.2};
        PersistenceDiagrams diagrams = new PersistenceDiagrams(2, List.of(
                new PersistenceDiagram(0, List.of(new PersistenceInterval(0, INF), new PersistenceInterval(0, 0.4))),
                new PersistenceDiagram(1, List.of(new PersistenceInterval(0.5, 1.7)))));
        return HtmlReport.titled("Sample <report> & figures")
                .section("Geodesic distances")
                .paragraph("Distances against a ground truth; 5 pairs.")
                .table(new Table("Distortion per method", List.of("method", "α"),
                        List.of(List.of("atlas", "1.20"), List.of("PCA-2", "3.40"))))
                .figure("scatter-atlas", Figures.distanceScatter("atlas", truth, estimate), "atlas: true vs estimated")
                .section("Persistent homology")
                .table(new Table("Betti numbers", List.of("sample", "Z/2"), List.of(List.of("circle", "(1, 1)"))))
                .figure("heat-map", Figures.heatMap("aggregate bottleneck", List.of("a", "b"),
                        new double[][] {{0, 0.5}, {0.5, 0}}), "heat map")
                .figure("diagram-circle", Figures.persistenceDiagram("circle", diagrams), "diagram of a circle");
    }

    @Test
    void writesAPageWithRelativeFigureLinksAndEscapedText() throws IOException {
        Path index = sample().write(dir);
        String html = Files.readString(index, StandardCharsets.UTF_8);
        assertThat(index).as("index file").isEqualTo(dir.resolve("index.html"));
        assertThat(html).as("escaped title").contains("<h1>Sample &lt;report&gt; &amp; figures</h1>")
                .as("relative image link").contains("src=\"figures/scatter-atlas.png\"")
                .as("no absolute path").doesNotContain(dir.toString())
                .as("table of contents").contains("<a href=\"#section-2\">Persistent homology</a>");
        for (String name : List.of("scatter-atlas", "heat-map", "diagram-circle")) {
            byte[] png = Files.readAllBytes(dir.resolve("figures").resolve(name + ".png"));
            assertThat(png).as("%s.png starts with the PNG signature", name)
                    .startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
        }
    }

    @Test
    void everyImageLoadsAndEveryTableHasRowsInHeadlessChromium() {
        BrowserCheck browser = Installed.chromium();
        Path index = sample().write(dir.resolve("report"));
        BrowserCheck.PageCheck page = browser.check(index);
        assertThat(page.images()).as("images on the page").isEqualTo(3);
        assertThat(page.brokenImages()).as("images that did not load").isEmpty();
        assertThat(page.tables()).as("tables on the page").isEqualTo(2);
        assertThat(page.emptyTables()).as("tables without rows").isEmpty();
        assertThat(dir.resolve("report")).as("the probe copy is removed")
                .isDirectoryNotContaining(p -> p.getFileName().toString().startsWith("."));
    }

    @Test
    void theBrowserCheckSeesAMissingImageAndAnEmptyTable() throws IOException {
        BrowserCheck browser = Installed.chromium();
        Path page = dir.resolve("broken.html");
        Files.writeString(page, "<!DOCTYPE html><html><body><img src=\"figures/absent.png\">"
                + "<table><thead><tr><th>a</th></tr></thead><tbody></tbody></table>"
                + "<table><tr><td>1</td></tr></table></body></html>", StandardCharsets.UTF_8);
        BrowserCheck.PageCheck check = browser.check(page);
        assertThat(check.brokenImages()).as("broken images").containsExactly("figures/absent.png");
        assertThat(check.emptyTables()).as("empty tables, by position").containsExactly(0);
        assertThat(check.ok()).as("page passes").isFalse();
    }

    @Test
    void rejectsMalformedAndRepeatedFigureNames() {
        HtmlReport report = HtmlReport.titled("t");
        XYChartHolder holder = new XYChartHolder();
        assertThatThrownBy(() -> report.figure("Bad Name", holder.chart, "c"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("name: expected lower-case letters");
        report.figure("ok", holder.chart, "c");
        assertThatThrownBy(() -> report.figure("ok", holder.chart, "c"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("name: expected a name not used before in this report, found ok");
    }

    @Test
    void rejectsATableWithoutRowsOrWithARaggedRow() {
        assertThatThrownBy(() -> new Table("t", List.of("a"), List.of())).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("rows: expected at least one row");
        assertThatThrownBy(() -> new Table("t", List.of("a", "b"), List.of(List.of("1"))))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("rows[0]: expected 2 non-null cells");
    }

    /** A small chart to add. */
    private static final class XYChartHolder {
        final org.knowm.xchart.XYChart chart = Figures.distanceScatter("m", new double[] {1, 2},
                new double[] {1, 2});
    }
}
