package org.atlasgraph.cli.io;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Writes a file all at once or not at all: the content goes to a temporary file in the target's directory, is forced
 * to disk, and replaces the target with an atomic rename. If anything fails (the writer throws, the disk is full, the
 * move is refused) the temporary file is deleted and the target is left as it was, so a reader never sees a
 * half-written output.
 *
 * <p>The temporary file is {@code .<name>.<random>.tmp} in the same directory: a rename within one file system is
 * atomic, a copy across file systems would not be. It is created with the process's default permissions (unlike
 * {@link Files#createTempFile}, which would leave the output readable by its owner only).
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /** Writes the content of a file to a stream; the stream is closed by {@link AtomicFiles}, not by the body. */
    @FunctionalInterface
    public interface Body {
        /**
         * Writes the content.
         *
         * @param out the stream to the temporary file (buffered)
         * @throws IOException if writing fails; the target is then left untouched
         */
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Writes {@code target} atomically.
     *
     * @param target the file to create or replace; its directory must exist
     * @param body   what to write; any exception it throws propagates unchanged after the temporary file is removed
     * @throws FileSystemException naming {@code target} if the temporary file cannot be created or moved into place
     * @throws IOException         whatever {@code body} throws
     */
    public static void write(Path target, Body body) throws IOException {
        if (Files.isDirectory(target)) {
            throw new FileSystemException(target.toString(), null, "is a directory");
        }
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = createSibling(target, dir);
        boolean moved = false;
        try {
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                OutputStream out = new TargetStream(target, Channels.newOutputStream(channel));
                body.writeTo(out);
                out.flush();
                try {
                    channel.force(true);
                } catch (IOException e) {
                    throw labelled(target, e);
                }
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw labelled(target, e);
            }
            moved = true;
        } finally {
            if (!moved) {
                deleteQuietly(tmp);
            }
        }
    }

    /**
     * Checks, before a long computation, that {@link #write} will be able to create {@code target}: its directory
     * exists and is writable, and the target itself is not a directory.
     *
     * @param input  the option that named it, e.g. {@code "--json"}
     * @param target the output path as given
     * @return {@code target}
     * @throws InvalidInputException naming {@code input} and the path otherwise
     */
    public static Path requireWritable(String input, Path target) {
        Path dir = target.toAbsolutePath().getParent();
        String problem;
        if (Files.isDirectory(target)) {
            problem = "a directory";
        } else if (!Files.isDirectory(dir)) {
            problem = "no such directory: " + dir;
        } else if (!Files.isWritable(dir)) {
            problem = "directory not writable: " + dir;
        } else {
            return target;
        }
        throw new InvalidInputException(input, "a file in a writable directory", "'" + target + "'", problem);
    }

    /**
     * Writes text atomically, encoded as UTF-8.
     *
     * @param target the file to create or replace
     * @param text   the content
     * @throws IOException as {@link #write(Path, Body)}
     */
    public static void writeString(Path target, String text) throws IOException {
        write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static Path createSibling(Path target, Path dir) throws FileSystemException {
        String prefix = "." + target.getFileName() + ".";
        while (true) {
            Path tmp = dir.resolve(prefix + UUID.randomUUID().toString().substring(0, 8) + ".tmp");
            try {
                Files.createFile(tmp);
                return tmp;
            } catch (FileAlreadyExistsException collision) {
                // another writer drew the same 32 random bits; draw again
            } catch (IOException e) {
                throw labelled(target, e);
            }
        }
    }

    /** Re-labels a failure on the temporary file as a failure to write the target the user named. */
    private static FileSystemException labelled(Path target, IOException e) {
        FileSystemException result = new FileSystemException(target.toString(), null, IoErrors.reason(e));
        result.initCause(e);
        return result;
    }

    /** Buffers writes and labels the stream's own failures (a full disk) with the target, not the temporary file. */
    private static final class TargetStream extends FilterOutputStream {
        private final Path target;

        TargetStream(Path target, OutputStream out) {
            super(new BufferedOutputStream(out));
            this.target = target;
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw labelled(target, e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw labelled(target, e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw labelled(target, e);
            }
        }

        /** Closing is {@link AtomicFiles}'s job, after the data are forced to disk. */
        @Override
        public void close() throws IOException {
            flush();
        }
    }

    private static void deleteQuietly(Path tmp) {
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
            // the original failure is the one to report; a stray temporary file is named .<target>.*.tmp
        }
    }
}
