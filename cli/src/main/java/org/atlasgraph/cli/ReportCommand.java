package org.atlasgraph.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.cli.console.Progress;
import org.atlasgraph.pointcloud.io.PointCloudFiles;
import org.atlasgraph.report.BrowserCheck;
import org.atlasgraph.report.experiments.AtlasReport;
import org.atlasgraph.report.experiments.ReportListener;
import org.atlasgraph.report.experiments.ReportSettings;
import org.atlasgraph.report.experiments.ReportSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code atlas report [--out DIR] [--quick] [--input FILE] [--seed S]}: the paper's evidence as one HTML page
 * ({@link AtlasReport}), with a progress bar per stage on standard error (a line per stage when standard error is not
 * a terminal) and a summary of the key numbers and the page's path on standard output. Ripser and Chromium are
 * optional: without Ripser the homology part is skipped with a note on the page, without Chromium the page is not
 * checked. Exit code 1 when Chromium finds a broken image or an empty table on the page.
 */
@Command(name = "report", sortOptions = false, description = {
    "Reproduce the paper's evidence as one HTML page with tables and figures.",
    "(a) The online Fréchet mean on Gr(n,k) with every update scheme (Fig. 1); (b) an atlas learned from "
            + "Klein-bottle patches, its charts and its geodesic distances against PCA-2, PCA-5, Isomap, t-SNE and "
            + "UMAP (Fig. 3, 4); (c) persistent homology of samples, Betti numbers and bottleneck distances (Fig. 5, "
            + "needs ripser); (d) the principal boundary and its held-out accuracy (Fig. 6). With --input: (b) and "
            + "(c) on your point cloud.",
    "Examples: atlas report --quick",
    "          atlas report --out results --input points.npy",
})
final class ReportCommand implements Callable<Integer> {
    @Option(names = "--out", paramLabel = "DIR",
            description = "Folder of the page: DIR/index.html and DIR/figures/ (created if absent). Default: "
                    + "${DEFAULT-VALUE}.")
    private Path out = Path.of("report");

    @Option(names = "--quick", description = "Smaller sizes: the whole report in under two minutes on two cores (the "
            + "full one in under five).")
    private boolean quick;

    @Option(names = "--input", paramLabel = "FILE", description = "A point cloud to report on instead of the "
            + "paper's data: .npy (N×D float64 or float32) or .csv (numeric columns).")
    private Optional<Path> input = Optional.empty();

    @Option(names = "--seed", paramLabel = "S", description = "Seed of every random choice. Default: "
            + "${DEFAULT-VALUE}.")
    private long seed = 1;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        requireOutputFolder();
        ReportSettings settings = quick ? ReportSettings.quick(seed) : ReportSettings.full(seed);
        PrintWriter err = spec.commandLine().getErr();
        ReportListener listener = listener(err);
        AtlasReport.Tools tools = AtlasReport.Tools.onPath();
        ReportSummary summary;
        if (input.isPresent()) {
            Path file = input.get();
            double[][] points = PointCloudFiles.read("--input", file);
            try {
                summary = AtlasReport.points(settings, points, file.getFileName().toString(), tools, out, listener);
            } catch (InvalidInputException e) {
                if (!e.input().startsWith("points")) {
                    throw e;
                }
                throw new InvalidInputException("--input '" + file + "'" + e.input().substring("points".length()),
                        e.expected(), e.found());
            }
        } else {
            summary = AtlasReport.paper(settings, tools, out, listener);
        }
        PrintWriter w = spec.commandLine().getOut();
        summary.lines().forEach(w::println);
        boolean ok = true;
        if (summary.pageCheck().isPresent()) {
            BrowserCheck.PageCheck c = summary.pageCheck().get();
            ok = c.ok();
            w.printf(Locale.ROOT, "page checked in headless Chromium: %d images, %d tables%s%n", c.images(),
                    c.tables(), ok ? ", every image loads and every table has rows"
                            : "; broken images " + c.brokenImages() + ", tables without rows " + c.emptyTables());
        } else {
            w.println("page not checked: " + summary.unchecked());
        }
        w.printf(Locale.ROOT, "report (%s, seed %d) written in %.0f s: %s%n", settings.name(), seed,
                summary.seconds(), summary.index().toAbsolutePath().normalize());
        w.flush();
        return ok ? ExitCodes.OK : ExitCodes.CHECK_FAILED;
    }

    /** Refuses an output that is not a folder, or one that cannot be created or written, before any work. */
    private void requireOutputFolder() {
        Path dir = out.toAbsolutePath().normalize();
        if (Files.exists(dir)) {
            if (!Files.isDirectory(dir) || !Files.isWritable(dir)) {
                throw new InvalidInputException("--out", "a writable folder (created if absent)", "'" + out + "'"
                        + (Files.isDirectory(dir) ? ", not writable" : ", a file"));
            }
            return;
        }
        Path parent = dir.getParent();
        while (parent != null && !Files.exists(parent)) {
            parent = parent.getParent();
        }
        if (parent == null || !Files.isDirectory(parent) || !Files.isWritable(parent)) {
            throw new InvalidInputException("--out", "a writable folder (created if absent)", "'" + out + "', which "
                    + "cannot be created");
        }
    }

    /** A progress bar per task on a terminal; otherwise one line per task on standard error. */
    private static ReportListener listener(PrintWriter err) {
        return (name, total) -> {
            Progress bar = Progress.start(name, total);
            if (!bar.drawing()) {
                err.println("report: " + name + "…");
                err.flush();
            }
            return new ReportListener.Task() {
                @Override
                public void stepTo(long done) {
                    bar.stepTo(done);
                }

                @Override
                public void message(String text) {
                    bar.message(text);
                }

                @Override
                public void close() {
                    bar.close();
                }
            };
        };
    }
}
