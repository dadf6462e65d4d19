package org.atlasgraph.cli.io;

import java.nio.file.Files;
import java.nio.file.Path;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Checks on input files, made before anything is read so that a wrong path fails at once with a message naming the
 * option: {@code --data: expected a readable file, found 'points.npy' (no such file)}.
 */
public final class InputFiles {
    private InputFiles() {
    }

    /**
     * Requires a regular, readable file.
     *
     * @param input the option or parameter that named it, e.g. {@code "--data"}
     * @param path  the path as given
     * @return {@code path}
     * @throws InvalidInputException naming {@code input} and the path if it does not exist, is a directory or cannot
     *     be read
     */
    public static Path requireReadable(String input, Path path) {
        String problem;
        if (!Files.exists(path)) {
            problem = "no such file";
        } else if (Files.isDirectory(path)) {
            problem = "a directory";
        } else if (!Files.isReadable(path)) {
            problem = "not readable";
        } else {
            return path;
        }
        throw new InvalidInputException(input, "a readable file", "'" + path + "'", problem);
    }
}
