package org.atlasgraph.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Checks an input file before anything is read, so that a wrong path fails at once with a message naming the option:
 * {@code --data 'points.npy': expected a readable regular file, found no such file}. Special files are refused too:
 * reading a FIFO or a terminal could block forever, and a device has no length to check a header against.
 *
 * <p>Thread safety: stateless; safe to call from any thread.
 */
public final class InputFile {
    private InputFile() {
    }

    /**
     * Requires a regular, readable file (a symbolic link to one is accepted).
     *
     * @param input what named the file, e.g. {@code "--data"}, or {@code ""}; used in the message
     * @param file  the path as given
     * @return {@code file}
     * @throws InvalidInputException naming {@code input} and the path if it does not exist, is a directory or a special
     *     file, or cannot be read
     */
    public static Path requireReadable(String input, Path file) {
        String label = FileNames.label(input, file);
        String problem;
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            if (a.isRegularFile()) {
                if (Files.isReadable(file)) {
                    return file;
                }
                problem = "a file that cannot be read (permission denied)";
            } else {
                problem = FileNames.kind(file);
            }
        } catch (NoSuchFileException e) {
            problem = Files.isSymbolicLink(file) ? "a broken symbolic link" : "no such file";
        } catch (IOException e) {
            problem = "a file that cannot be inspected (" + IoMessages.reason(e) + ")";
        }
        throw new InvalidInputException(label, "a readable regular file", problem);
    }
}
