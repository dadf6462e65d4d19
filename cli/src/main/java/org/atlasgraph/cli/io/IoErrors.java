package org.atlasgraph.cli.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.atlasgraph.io.IoMessages;

/**
 * One-line descriptions of I/O failures that name the file, e.g. {@code 'out/report.json': no such file or directory}:
 * the {@code io} module's {@link IoMessages}, for the CLI's one error path.
 */
public final class IoErrors {
    private IoErrors() {
    }

    /**
     * Describes an I/O failure in one line.
     *
     * @param e the failure, possibly an {@link UncheckedIOException}'s cause
     * @return {@code '<file>': <reason>} for file-system failures, else the exception's message
     */
    public static String describe(IOException e) {
        return IoMessages.describe(e);
    }
}
