package org.atlasgraph.cli.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.io.AtomicWriter;

/**
 * The subcommands' access to the one atomic writer, {@link AtomicWriter}: an output is written to a temporary file in
 * its directory and renamed over the target, special files and outputs that are inputs are refused, symbolic links are
 * written through, permissions are kept, and a failure or a signal leaves the target as it was. A subcommand that has
 * input files checks its outputs against them with {@link AtomicWriter#protecting} before any long work.
 *
 * <p>Stateless and thread-safe.
 */
public final class AtomicFiles {
    private static final AtomicWriter WRITER = AtomicWriter.create();

    private AtomicFiles() {
    }

    /**
     * Writes {@code target} atomically.
     *
     * @param target the file to create or replace; its directory must exist
     * @param body   what to write; any exception it throws propagates unchanged after the temporary file is removed
     * @throws InvalidInputException naming {@code target} if it is refused (a directory, a FIFO, a device…)
     * @throws IOException           as {@link AtomicWriter#write}
     */
    public static void write(Path target, AtomicWriter.Body body) throws IOException {
        WRITER.write(target, body);
    }

    /**
     * Checks, before a long computation, that {@link #write} will accept {@code target}.
     *
     * @param input  the option that named it, e.g. {@code "--json"}
     * @param target the output path as given
     * @return {@code target}
     * @throws InvalidInputException naming {@code input} and the path otherwise
     */
    public static Path requireWritable(String input, Path target) {
        return WRITER.requireWritable(input, target);
    }

    /**
     * Checks, before a long computation, that a directory of outputs (such as {@code --plot DIR}) can be used: an
     * existing writable directory, or a path whose nearest existing ancestor is a writable directory, so that
     * {@link Files#createDirectories} will make it. Nothing is created here: a run that fails later leaves no empty
     * directory behind.
     *
     * @param input the option that named it, e.g. {@code "--plot"}
     * @param dir   the directory as given
     * @return {@code dir}
     * @throws InvalidInputException naming {@code input} and the path when it is a file, or when it or its nearest
     *     existing ancestor is not a writable directory
     */
    public static Path requireDirectory(String input, Path dir) {
        Path absolute = dir.toAbsolutePath().normalize();
        if (Files.exists(absolute)) {
            if (!Files.isDirectory(absolute)) {
                throw new InvalidInputException(input, "a directory (created if absent)", "'" + dir + "'",
                        "an existing file");
            }
            if (!Files.isWritable(absolute)) {
                throw new InvalidInputException(input, "a writable directory", "'" + dir + "'", "not writable");
            }
            return dir;
        }
        Path ancestor = absolute.getParent();
        while (ancestor != null && !Files.exists(ancestor)) {
            ancestor = ancestor.getParent();
        }
        if (ancestor == null || !Files.isDirectory(ancestor) || !Files.isWritable(ancestor)) {
            throw new InvalidInputException(input, "a directory that can be created", "'" + dir + "'",
                    ancestor == null ? "no existing ancestor" : "'" + ancestor + "' is not a writable directory");
        }
        return dir;
    }

    /**
     * Writes text atomically, encoded as UTF-8.
     *
     * @param target the file to create or replace
     * @param text   the content
     * @throws IOException as {@link #write(Path, AtomicWriter.Body)}
     */
    public static void writeString(Path target, String text) throws IOException {
        WRITER.writeString(target, text);
    }
}
