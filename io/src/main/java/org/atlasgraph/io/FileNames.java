package org.atlasgraph.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/** How messages name files and file kinds: {@code --input 'points.npy'}, {@code a FIFO}. */
final class FileNames {
    private static final int S_IFMT = 0170000;
    private static final int S_IFIFO = 0010000;
    private static final int S_IFCHR = 0020000;
    private static final int S_IFDIR = 0040000;
    private static final int S_IFBLK = 0060000;
    private static final int S_IFREG = 0100000;
    private static final int S_IFLNK = 0120000;
    private static final int S_IFSOCK = 0140000;

    private FileNames() {
    }

    /**
     * @param input what named the file (an option such as {@code --input}), or {@code ""}
     * @param file  the path as given
     * @return {@code --input 'file'}, or {@code 'file'} when {@code input} is empty
     */
    static String label(String input, Path file) {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(file, "file");
        return input.isEmpty() ? "'" + file + "'" : input + " '" + file + "'";
    }

    /**
     * Names the kind of an existing file for a message.
     *
     * @param file    the file
     * @param options {@link LinkOption#NOFOLLOW_LINKS} to describe a link itself
     * @return e.g. {@code "a FIFO"}, {@code "a character device"}, {@code "a directory"}
     */
    static String kind(Path file, LinkOption... options) {
        try {
            int mode = (Integer) Files.getAttribute(file, "unix:mode", options);
            switch (mode & S_IFMT) {
                case S_IFIFO:
                    return "a FIFO";
                case S_IFCHR:
                    return "a character device";
                case S_IFBLK:
                    return "a block device";
                case S_IFSOCK:
                    return "a socket";
                case S_IFDIR:
                    return "a directory";
                case S_IFLNK:
                    return "a symbolic link";
                case S_IFREG:
                    return "a regular file";
                default:
                    return "a special file";
            }
        } catch (UnsupportedOperationException | IllegalArgumentException | IOException e) {
            // not a Unix file system: the portable attributes say less
            try {
                BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class, options);
                return a.isDirectory() ? "a directory" : a.isRegularFile() ? "a regular file"
                        : a.isSymbolicLink() ? "a symbolic link" : "a special file";
            } catch (IOException other) {
                return "a file that cannot be inspected (" + IoMessages.reason(other) + ")";
            }
        }
    }
}
