package org.atlasgraph.report.experiments;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.atlasgraph.report.BrowserCheck;

/**
 * What a report run produced: the page, a few lines that sum it up for a terminal, and what headless Chromium found
 * on the page when it was installed.
 *
 * @param index     the written {@code index.html}
 * @param lines     one line per part: its key numbers, or why it was skipped
 * @param pageCheck the browser's check of the page, or empty when Chromium is absent or failed
 * @param unchecked why the page was not checked (empty when it was)
 * @param seconds   the wall time of the run
 */
public record ReportSummary(Path index, List<String> lines, Optional<BrowserCheck.PageCheck> pageCheck,
                            String unchecked, double seconds) {
    /** Copies the lines. */
    public ReportSummary {
        lines = List.copyOf(lines);
    }
}
