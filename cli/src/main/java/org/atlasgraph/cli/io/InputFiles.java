package org.atlasgraph.cli.io;

import java.nio.file.Path;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.io.InputFile;

/**
 * Checks on input files, made before anything is read so that a wrong path fails at once with a message naming the
 * option: {@code --data 'points.npy': expected a readable regular file, found no such file}. Delegates to
 * {@link InputFile}.
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
     * @throws InvalidInputException naming {@code input} and the path if it does not exist, is a directory or a special
     *     file, or cannot be read
     */
    public static Path requireReadable(String input, Path path) {
        return InputFile.requireReadable(input, path);
    }
}
