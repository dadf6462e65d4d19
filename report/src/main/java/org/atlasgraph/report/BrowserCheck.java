package org.atlasgraph.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Renders an HTML page in headless Chromium and reports whether every image loaded and every table has body rows:
 * the check that {@code atlas report} produced a page a person can read.
 *
 * <p>How: a copy of the page with a small script appended is written next to it (so relative links resolve the same
 * way); Chromium opens it with {@code --headless --dump-dom} and the isolation flags below, in a fresh temporary
 * profile; after the load event, which waits for every image, the script writes what it found into an element of
 * the DOM, which {@code --dump-dom} prints. The copy and the profile are deleted afterwards. An image counts as
 * loaded when it is {@code complete} with a positive natural width; a table counts as filled when it has a row with
 * a {@code td} cell.
 */
public final class BrowserCheck {
    /** The default time-out of one rendering. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(90);
    /** How to get the browser, for messages. */
    public static final String INSTALL_HINT = "install the Debian package 'chromium' (apt-get install chromium)";

    private static final List<String> FLAGS = List.of("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage");
    private static final String PROBE_ID = "atlasgraph-probe";
    private static final String PROBE = "<script>\nwindow.addEventListener('load', function () {\n"
            + "  var imgs = Array.prototype.slice.call(document.images);\n"
            + "  var broken = imgs.filter(function (i) { return !(i.complete && i.naturalWidth > 0); })\n"
            + "    .map(function (i) { return i.getAttribute('src'); });\n"
            + "  var tables = Array.prototype.slice.call(document.querySelectorAll('table'));\n"
            + "  var empty = [];\n"
            + "  tables.forEach(function (t, k) {\n"
            + "    var rows = Array.prototype.slice.call(t.querySelectorAll('tr'))\n"
            + "      .filter(function (r) { return r.querySelector('td') !== null; });\n"
            + "    if (rows.length === 0) { empty.push(k); }\n"
            + "  });\n"
            + "  var p = document.createElement('pre'); p.id = '" + PROBE_ID + "';\n"
            + "  p.textContent = 'images=' + imgs.length + '\\nbroken=' + JSON.stringify(broken)\n"
            + "    + '\\ntables=' + tables.length + '\\nempty=' + JSON.stringify(empty);\n"
            + "  document.body.appendChild(p);\n"
            + "});\n</script>\n";
    private static final Pattern RESULT = Pattern.compile("<pre id=\"" + PROBE_ID
            + "\">images=(\\d+)\\s*broken=(\\[.*?])\\s*tables=(\\d+)\\s*empty=(\\[.*?])</pre>", Pattern.DOTALL);

    private final Path executable;

    private BrowserCheck(Path executable) {
        this.executable = executable;
    }

    /**
     * What the browser found.
     *
     * @param images       the number of {@code img} elements
     * @param brokenImages the {@code src} of each image that did not load
     * @param tables       the number of tables
     * @param emptyTables  the positions (from 0, in page order) of tables without a body row
     */
    public record PageCheck(int images, List<String> brokenImages, int tables, List<Integer> emptyTables) {
        /** Copies the lists. */
        public PageCheck {
            brokenImages = List.copyOf(brokenImages);
            emptyTables = List.copyOf(emptyTables);
        }

        /** @return whether every image loaded and every table has a row */
        public boolean ok() {
            return brokenImages.isEmpty() && emptyTables.isEmpty();
        }
    }

    /**
     * Finds Chromium on the PATH ({@code chromium}, {@code chromium-browser}, {@code google-chrome}).
     *
     * @return the check, or empty when no browser is installed
     */
    public static Optional<BrowserCheck> locate() {
        return ExternalProcess.onPath("chromium", "chromium-browser", "google-chrome").map(BrowserCheck::new);
    }

    /** @return the browser this check runs */
    public Path executable() {
        return executable;
    }

    /**
     * Renders a page with the default time-out.
     *
     * @see #check(Path, Duration)
     */
    public PageCheck check(Path page) {
        return check(page, DEFAULT_TIMEOUT);
    }

    /**
     * Renders a page and inspects it.
     *
     * @param page    an HTML file
     * @param timeout how long the browser may take
     * @return what it found
     * @throws InvalidInputException if the page is not a readable file or the time-out is not positive
     * @throws UncheckedIOException  if the browser fails, times out, or its output holds no probe result
     */
    public PageCheck check(Path page, Duration timeout) {
        if (page == null || !Files.isRegularFile(page) || !Files.isReadable(page)) {
            throw new InvalidInputException("page", "a readable HTML file", String.valueOf(page));
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new InvalidInputException("timeout", "a positive duration", String.valueOf(timeout));
        }
        Path absolute = page.toAbsolutePath();
        Path probe = absolute.resolveSibling("." + PROBE_ID + "-" + ProcessHandle.current().pid() + "-"
                + System.nanoTime() + ".html");
        Path work = null;
        try {
            work = Files.createTempDirectory("atlasgraph-chromium");
            String html = Files.readString(absolute, StandardCharsets.UTF_8);
            int end = html.toLowerCase(Locale.ROOT).lastIndexOf("</body>");
            String probed = end >= 0 ? html.substring(0, end) + PROBE + html.substring(end) : html + PROBE;
            Files.writeString(probe, probed, StandardCharsets.UTF_8);
            List<String> command = new ArrayList<>();
            command.add(executable.toString());
            command.addAll(FLAGS);
            command.add("--user-data-dir=" + work.resolve("profile"));
            command.add("--dump-dom");
            command.add(probe.toUri().toString());
            Path out = work.resolve("dom.html");
            Path err = work.resolve("stderr.txt");
            ExternalProcess.Outcome outcome = ExternalProcess.run(command, Optional.empty(), out, err, timeout);
            if (outcome.timedOut()) {
                throw new UncheckedIOException(new IOException("chromium: rendering " + page + " did not finish "
                        + "within " + timeout.toSeconds() + " s and was killed"));
            }
            String dom = Files.readString(out, StandardCharsets.UTF_8);
            Matcher m = RESULT.matcher(dom);
            if (outcome.exitCode() != 0 || !m.find()) {
                throw new UncheckedIOException(new IOException("chromium: rendering " + page + " exited with status "
                        + outcome.exitCode() + " without the probe's result; stderr: "
                        + ExternalProcess.tail(err, 3)));
            }
            return new PageCheck(Integer.parseInt(m.group(1)), strings(m.group(2)), Integer.parseInt(m.group(3)),
                    integers(m.group(4)));
        } catch (IOException e) {
            throw new UncheckedIOException("chromium: could not render " + page + ": " + e.getMessage(), e);
        } finally {
            try {
                Files.deleteIfExists(probe);
            } catch (IOException e) {
                probe.toFile().deleteOnExit();
            }
            if (work != null) {
                ExternalProcess.deleteTree(work);
            }
        }
    }

    /** Reads a JSON array of strings as the probe writes it (JSON.stringify of src attributes). */
    static List<String> strings(String json) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"").matcher(json);
        while (m.find()) {
            out.add(m.group(1).replace("\\\"", "\"").replace("\\\\", "\\"));
        }
        return out;
    }

    private static List<Integer> integers(String json) {
        String inner = json.substring(1, json.length() - 1).strip();
        if (inner.isEmpty()) {
            return List.of();
        }
        return Arrays.stream(inner.split(",")).map(String::strip).map(Integer::valueOf).toList();
    }
}
