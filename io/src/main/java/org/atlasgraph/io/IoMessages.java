package org.atlasgraph.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * One-line descriptions of I/O failures that name the file, e.g. {@code 'out/report.json': no such file or directory}.
 * The JDK's {@link FileSystemException} subclasses carry the file but often no reason; this class supplies one. The
 * {@link AtomicWriter} labels its failures with the target the user named, so that this description names it.
 *
 * <p>Thread safety: stateless; safe to call from any thread.
 */
public final class IoMessages {
    private IoMessages() {
    }

    /**
     * Describes an I/O failure in one line.
     *
     * @param e the failure, possibly an {@link UncheckedIOException}'s cause
     * @return {@code '<file>': <reason>} for file-system failures, else the exception's message
     */
    public static String describe(IOException e) {
        if (e instanceof FileSystemException f && f.getFile() != null) {
            return "'" + f.getFile() + "'" + (f.getOtherFile() == null ? "" : " → '" + f.getOtherFile() + "'")
                    + ": " + reason(e);
        }
        return reason(e);
    }

    /**
     * The reason part of a failure, without the file.
     *
     * @param e the failure
     * @return e.g. {@code "no such file or directory"}
     */
    public static String reason(IOException e) {
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "already exists";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "directory not empty";
        }
        if (e instanceof FileSystemException) {
            return e.getClass().getSimpleName();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
