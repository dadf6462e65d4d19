package org.atlasgraph.io;

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
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Writes an output file all at once or not at all: the one writer of every output (CSV, {@code .npy}, JSON, PNG).
 * The content goes to a temporary file {@code .<name>.<random>.tmp} in the target's directory, is forced to disk, and
 * is renamed over the target (a rename within one directory is atomic); the directory is then forced to disk too. If
 * anything fails — the body throws, the disk is full, the process is interrupted or receives SIGTERM or SIGINT (a
 * shutdown hook) — the temporary file is removed and the target is left as it was.
 *
 * <p>Before it writes, the writer resolves the target and refuses what a rename would destroy, with an
 * {@link InvalidInputException} naming the target:
 * <ul>
 *   <li>a directory, a FIFO, a device (such as {@code /dev/null}) or a socket: only regular files are replaced;</li>
 *   <li>a file that is one of the command's inputs, declared with {@link #protecting}: compared by canonical path
 *       (so {@code ./a.json}, {@code a.json} and a symbolic link to it are the same file) and by file identity (so a
 *       hard link to an input is caught too);</li>
 *   <li>a file with several hard links, which the rename would separate from its other names;</li>
 *   <li>a file in a missing or unwritable directory.</li>
 * </ul>
 * A symbolic link is followed: its final target is written and the link stays a link. An existing target keeps its
 * permission bits; a new file gets the default permissions of the process (the umask), not {@code 0600}. The owner of
 * a replaced file becomes the writing user, as with any editor that saves by rename.
 *
 * <p>A command checks its outputs before any long work with {@link #requireWritable}, then writes them with
 * {@link #write}: {@code AtomicWriter.create().protecting("--atlas", atlas).requireWritable("--out", out)}.
 *
 * <p>Thread safety: immutable; concurrent writes of different targets are safe. Two concurrent writes of one target
 * each complete atomically, and the last rename wins.
 */
public final class AtomicWriter {
    private static final int MAX_SYMBOLIC_LINKS = 40;
    private static final int RANDOM_CHARS = 8;

    private final List<Input> inputs;

    /** Writes the content of a file; the stream is closed by the writer, not by the body. */
    @FunctionalInterface
    public interface Body {
        /**
         * Writes the content.
         *
         * @param out the buffered stream to the temporary file
         * @throws IOException if writing fails; the target is then left untouched
         */
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicWriter(List<Input> inputs) {
        this.inputs = List.copyOf(inputs);
    }

    /** @return a writer that protects no input */
    public static AtomicWriter create() {
        return new AtomicWriter(List.of());
    }

    /**
     * Declares an input of the command, which no output may replace.
     *
     * @param input what named the file, e.g. {@code "--atlas"}; used in the message
     * @param file  the input file as given
     * @return a writer protecting this file as well as the ones this writer protects
     */
    public AtomicWriter protecting(String input, Path file) {
        List<Input> more = new ArrayList<>(inputs);
        more.add(new Input(Objects.requireNonNull(input, "input"), Objects.requireNonNull(file, "file")));
        return new AtomicWriter(more);
    }

    /**
     * Declares an optional input of the command.
     *
     * @param input what named the file, e.g. {@code "--mean"}
     * @param file  the input file, when given
     * @return a writer protecting the file if present, else this writer
     */
    public AtomicWriter protecting(String input, Optional<Path> file) {
        return file.map(f -> protecting(input, f)).orElse(this);
    }

    /**
     * Checks, before a long computation, that {@link #write} will accept {@code target}.
     *
     * @param output the option that named it, e.g. {@code "--out"}; starts the message
     * @param target the output path as given
     * @return {@code target}
     * @throws InvalidInputException naming {@code output} and the path if the target is refused (see the class
     *     comment)
     */
    public Path requireWritable(String output, Path target) {
        resolve(FileNames.label(output, target), target);
        return target;
    }

    /**
     * Writes {@code target} atomically.
     *
     * @param target the file to create or replace; its directory must exist
     * @param body   what to write; any exception it throws propagates unchanged, after the temporary file is removed
     * @throws InvalidInputException naming the target if it is refused (see the class comment); nothing is written
     * @throws FileSystemException   naming the target if the temporary file cannot be created, written, forced or
     *     renamed; nothing is written
     * @throws IOException           whatever {@code body} throws
     */
    public void write(Path target, Body body) throws IOException {
        Objects.requireNonNull(body, "body");
        Target t = resolve(FileNames.label("", target), target);
        Path tmp = createTemporary(target, t);
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
                if (t.permissions().isPresent()) {
                    Files.setPosixFilePermissions(tmp, t.permissions().get());
                }
                Files.move(tmp, t.path(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw labelled(target, e);
            }
            moved = true;
        } finally {
            if (!moved) {
                deleteQuietly(tmp);
            }
            Pending.remove(tmp);
        }
        try (FileChannel directory = FileChannel.open(t.directory(), StandardOpenOption.READ)) {
            directory.force(true);
        } catch (IOException e) {
            throw labelled(target, e);
        }
    }

    /**
     * Writes text atomically, encoded as UTF-8.
     *
     * @param target the file to create or replace
     * @param text   the content
     * @throws IOException as {@link #write(Path, Body)}
     */
    public void writeString(Path target, String text) throws IOException {
        Objects.requireNonNull(text, "text");
        write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** Follows symbolic links to the file a rename must replace, and refuses what it must not replace. */
    private Target resolve(String label, Path target) {
        Path p = target.toAbsolutePath();
        for (int links = 0; Files.isSymbolicLink(p); links++) {
            if (links == MAX_SYMBOLIC_LINKS) {
                throw new InvalidInputException(label, "a file or a symbolic link to one",
                        "more than " + MAX_SYMBOLIC_LINKS + " symbolic links in a row");
            }
            try {
                Path link = Files.readSymbolicLink(p);
                p = p.getParent() == null ? link.toAbsolutePath() : p.getParent().resolve(link);
            } catch (IOException e) {
                throw new InvalidInputException(label, "a file or a readable symbolic link",
                        "a symbolic link that cannot be read (" + IoMessages.reason(e) + ")");
            }
        }
        Path dir = p.getParent();
        Path name = p.getFileName();
        if (dir == null || name == null || name.toString().equals(".") || name.toString().equals("..")) {
            throw new InvalidInputException(label, "a regular file", "a directory");
        }
        if (!Files.isDirectory(dir)) {
            throw new InvalidInputException(label, "a file in an existing directory",
                    "no such directory '" + dir + "'");
        }
        Path realDir;
        try {
            realDir = dir.toRealPath();
        } catch (IOException e) {
            throw new InvalidInputException(label, "a file in an accessible directory",
                    "'" + dir + "' (" + IoMessages.reason(e) + ")");
        }
        Path resolved = realDir.resolve(name);
        Optional<BasicFileAttributes> existing = attributes(label, resolved);
        if (existing.isPresent() && !existing.get().isRegularFile()) {
            throw new InvalidInputException(label, "a regular file",
                    FileNames.kind(resolved, LinkOption.NOFOLLOW_LINKS));
        }
        for (Input in : inputs) {
            if (in.isFile(resolved, existing.isPresent())) {
                throw new InvalidInputException(label, "a file that is not an input of the command",
                        "the same file as " + FileNames.label(in.name(), in.file()));
            }
        }
        int links = existing.isPresent() ? links(resolved) : 0;
        if (links > 1) {
            throw new InvalidInputException(label, "a file with a single name", "a file with " + links + " hard links",
                    "replacing it would separate it from its other names");
        }
        if (!Files.isWritable(realDir)) {
            throw new InvalidInputException(label, "a file in a writable directory",
                    "'" + realDir + "', a directory this process cannot write");
        }
        Optional<Set<PosixFilePermission>> permissions = Optional.empty();
        if (existing.isPresent()) {
            try {
                permissions = Optional.of(Files.getPosixFilePermissions(resolved, LinkOption.NOFOLLOW_LINKS));
            } catch (UnsupportedOperationException | IOException e) {
                // not a POSIX file system: the renamed file keeps the default permissions
            }
        }
        return new Target(resolved, realDir, permissions);
    }

    /** @return the attributes of the file itself (not of a link's target), or empty when there is no file */
    private static Optional<BasicFileAttributes> attributes(String label, Path p) {
        try {
            return Optional.of(Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new InvalidInputException(label, "a file that can be inspected", IoMessages.reason(e));
        }
    }

    private static int links(Path p) {
        try {
            return (Integer) Files.getAttribute(p, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException | IllegalArgumentException | IOException e) {
            return 1;
        }
    }

    /** Creates {@code .<name>.<random>.tmp} beside the target, registered for removal at shutdown first. */
    private static Path createTemporary(Path target, Target t) throws IOException {
        String prefix = "." + t.path().getFileName() + ".";
        while (true) {
            Path tmp = t.directory().resolve(prefix + UUID.randomUUID().toString().substring(0, RANDOM_CHARS) + ".tmp");
            Pending.add(tmp);
            try {
                Files.createFile(tmp);
            } catch (FileAlreadyExistsException collision) {
                Pending.remove(tmp);
                continue;
            } catch (IOException e) {
                Pending.remove(tmp);
                throw labelled(target, e);
            }
            if (Pending.closing()) {
                deleteQuietly(tmp);
                Pending.remove(tmp);
                throw new FileSystemException(target.toString(), null, "the process is shutting down");
            }
            return tmp;
        }
    }

    /** Re-labels a failure on the temporary file as a failure to write the target the user named. */
    private static FileSystemException labelled(Path target, IOException e) {
        FileSystemException result = new FileSystemException(target.toString(), null, IoMessages.reason(e));
        result.initCause(e);
        return result;
    }

    private static void deleteQuietly(Path tmp) {
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
            // the original failure is the one to report; a stray temporary file is named .<target>.*.tmp
        }
    }

    /** The file a rename replaces, its canonical directory, and the permissions it had. */
    private record Target(Path path, Path directory, Optional<Set<PosixFilePermission>> permissions) {
    }

    /** An input of the command: the option that named it and the file. */
    private record Input(String name, Path file) {

        /** @return whether this input is the file at canonical path {@code resolved} */
        boolean isFile(Path resolved, boolean exists) {
            try {
                if (Files.exists(file)) {
                    Path real = file.toRealPath();
                    return real.equals(resolved) || exists && Files.isSameFile(real, resolved);
                }
                Path abs = file.toAbsolutePath();
                Path parent = abs.getParent();
                return parent != null && abs.getFileName() != null && Files.isDirectory(parent)
                        && parent.toRealPath().resolve(abs.getFileName()).equals(resolved);
            } catch (IOException e) {
                return false;
            }
        }
    }

    /** Temporary files being written, removed by a shutdown hook if the JVM exits first (SIGTERM, SIGINT). */
    private static final class Pending {
        private static final Set<Path> FILES = ConcurrentHashMap.newKeySet();
        private static volatile boolean closing;

        static {
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(Pending::deleteAll, "atlasgraph-io-cleanup"));
            } catch (IllegalStateException shuttingDown) {
                closing = true;
            }
        }

        private Pending() {
        }

        static void add(Path tmp) {
            FILES.add(tmp);
        }

        static void remove(Path tmp) {
            FILES.remove(tmp);
        }

        /** @return whether the hook has run or is running; a file created after that is not removed by it */
        static boolean closing() {
            return closing;
        }

        private static void deleteAll() {
            closing = true;
            for (Path tmp : FILES) {
                deleteQuietly(tmp);
            }
        }
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

        /** Closing is the writer's job, after the data are forced to disk. */
        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
