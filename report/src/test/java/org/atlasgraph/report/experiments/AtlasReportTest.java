package org.atlasgraph.report.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.atlasgraph.report.BrowserCheck;
import org.atlasgraph.report.Ripser;
import org.atlasgraph.report.experiments.ReportSettings.Size;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real report, every part at small seeded sizes, rendered in headless Chromium: every image loads and every
 * table has rows. Skipped where Chromium is absent ({@code .ci/run} installs it); without Ripser the homology part is
 * skipped and the page must say how to get it.
 */
class AtlasReportTest {
    @TempDir
    Path dir;

    /** Every part of the report at sizes that take seconds: a --quick-like run for tests. */
    static ReportSettings small() {
        return new ReportSettings("test", 3,
                new ReportSettings.Frechet(List.of(new Size(30, 5), new Size(100, 5)), 200, 2, 200, List.of(5, 10),
                        12, 0),
                new ReportSettings.Atlas(2000, 300, 40, 16), new ReportSettings.Homology(60),
                new ReportSettings.Boundary(800, 300, 400));
    }

    private static BrowserCheck chromium() {
        Optional<BrowserCheck> browser = BrowserCheck.locate();
        Assumptions.assumeTrue(browser.isPresent(), "Chromium is not installed (.ci/run installs it): "
                + BrowserCheck.INSTALL_HINT);
        return browser.orElseThrow();
    }

    @Test
    void thePapersReportRendersWithEveryImageAndEveryTableFilled() throws IOException {
        BrowserCheck browser = chromium();
        Optional<Ripser> ripser = Ripser.locate();
        ReportSummary summary = AtlasReport.paper(small(), new AtlasReport.Tools(ripser, Optional.of(browser)),
                dir.resolve("report"), ReportListener.SILENT);

        BrowserCheck.PageCheck page = summary.pageCheck().orElseThrow();
        assertThat(page.brokenImages()).as("images that did not load").isEmpty();
        assertThat(page.emptyTables()).as("tables without rows").isEmpty();
        // (a) 2 error curves and runtime vs k; (b) charts, chart panels, distance scatters; (c) 2 heat maps and 7
        // pairs of diagrams; (d) the boundary.
        assertThat(page.images()).as("figures on the page").isEqualTo(ripser.isPresent() ? 16 : 7);
        assertThat(summary.index()).as("index").isEqualTo(dir.resolve("report").resolve("index.html"));
        assertThat(summary.lines()).as("one summary line per part").hasSize(4);
        assertThat(summary.lines().get(0)).as("(a)").startsWith("(a) online Fréchet mean").contains("Gr(30,5)");
        assertThat(summary.lines().get(1)).as("(b)").startsWith("(b) atlas of").contains("atlas ", "PCA-2 ",
                "PCA-5 ", "Isomap ", "t-SNE ", "UMAP ");
        assertThat(summary.lines().get(3)).as("(d)").startsWith("(d) principal boundary: held-out accuracy");
        String html = Files.readString(summary.index(), StandardCharsets.UTF_8);
        assertThat(html).as("sections").contains("(a) Online Fréchet mean", "(b) The learned Klein atlas",
                "(c) Persistent homology", "(d) Principal boundary", "Ground truth (surface geodesic distance)");
        if (ripser.isEmpty()) {
            assertThat(html).as("how to get Ripser").contains("Skipped: Ripser is not installed: "
                    + Ripser.INSTALL_HINT);
        } else {
            assertThat(html).as("Betti table with the Klein bottle's row").contains("the manifold (known)",
                    "(1, 2, 1)", "(1, 1, 0)");
        }
    }

    @Test
    void aUsersPointCloudWithoutRipserSaysHowToGetIt() throws IOException {
        BrowserCheck browser = chromium();
        SplittableRandom rng = new SplittableRandom(5);
        double[][] torus = new double[1500][];
        for (int i = 0; i < torus.length; i++) {
            double u = 2 * Math.PI * rng.nextDouble();
            double v = 2 * Math.PI * rng.nextDouble();
            torus[i] = new double[] {Math.cos(u), Math.sin(u), Math.cos(v), Math.sin(v)};
        }
        ReportSummary summary = AtlasReport.points(small(), torus, "a flat torus", new AtlasReport.Tools(
                Optional.empty(), Optional.of(browser)), dir, ReportListener.SILENT);

        BrowserCheck.PageCheck page = summary.pageCheck().orElseThrow();
        assertThat(page.ok()).as("every image loads and every table has rows: %s", page).isTrue();
        assertThat(summary.lines()).as("parts (b) and (c)").hasSize(2);
        assertThat(summary.lines().get(0)).as("(b)").contains("d = 2");
        assertThat(summary.lines().get(1)).as("(c)").isEqualTo("(c) persistent homology: skipped, Ripser is not "
                + "installed: " + Ripser.INSTALL_HINT + ", then run atlas report again");
        String html = Files.readString(summary.index(), StandardCharsets.UTF_8);
        assertThat(html).as("page").contains("Ground truth (graph geodesic distance of the data)",
                "Local PCA spectra", "Skipped: Ripser is not installed");
    }
}
