package org.atlasgraph.cli.frechet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Streams the slices of a NumPy {@code .npy} file of float64 values with shape (N, a, b) or (N, a), one slice of a·b
 * values at a time, in constant memory: the file may be far larger than the heap (1000 samples of Gr(2000,500) are
 * 8 GB). Whole-array readers such as {@code org.jetbrains.bio:npy} load everything at once, hence this small parser of
 * the format (NumPy NEP 1: magic {@code \x93NUMPY}, version, little-endian header length, a Python dict literal with
 * {@code descr}, {@code fortran_order} and {@code shape}, then the raw data in C order).
 *
 * <p>The header is validated when the stream opens, so a wrong dtype, layout, rank or a truncated file fails before any
 * work with a message that names the input and says what was found. {@link #next()} returns the same buffer every
 * time, overwritten with the next slice; callers that keep a slice must copy it.
 */
public final class NpyMatrixStream implements Iterator<double[]>, AutoCloseable {
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
    private static final Pattern FORTRAN = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");

    private final String input;
    private final FileChannel channel;
    private final long count;
    private final int rows;
    private final int columns;
    private final ByteBuffer bytes;
    private final double[] slice;
    private long position;
    private long read;

    private NpyMatrixStream(String input, FileChannel channel, long dataStart, long count, int rows, int columns,
                            ByteOrder order) {
        this.input = input;
        this.channel = channel;
        this.count = count;
        this.rows = rows;
        this.columns = columns;
        this.slice = new double[rows * columns];
        this.bytes = ByteBuffer.allocateDirect(slice.length * Double.BYTES).order(order);
        this.position = dataStart;
    }

    /**
     * Opens a file and validates its header.
     *
     * @param input the option that named the file, e.g. {@code "--input"}, used in messages
     * @param path  the file
     * @return the stream, positioned at the first slice
     * @throws InvalidInputException naming {@code input} if the file is not a C-ordered float64 array of rank 2 or 3
     *     with a positive number of non-empty slices, or is shorter than its header says
     * @throws UncheckedIOException if the file cannot be read
     */
    public static NpyMatrixStream open(String input, Path path) {
        FileChannel channel;
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            return openChannel(input, path, channel);
        } catch (RuntimeException e) {
            closeQuietly(channel, e);
            throw e;
        }
    }

    private static NpyMatrixStream openChannel(String input, Path path, FileChannel channel) {
        String name = input + " '" + path + "'";
        ByteBuffer prefix = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
        readFully(channel, prefix, 0);
        prefix.flip();
        byte[] magic = new byte[MAGIC.length];
        if (prefix.remaining() < 10) {
            throw new InvalidInputException(name, "a NumPy .npy file", "a file of " + size(channel) + " bytes");
        }
        prefix.get(magic);
        if (!Arrays.equals(magic, MAGIC)) {
            throw new InvalidInputException(name, "a NumPy .npy file (magic \\x93NUMPY)", "other content");
        }
        int major = prefix.get() & 0xff;
        prefix.get();
        long headerLength;
        int headerStart;
        if (major == 1) {
            headerLength = prefix.getShort() & 0xffff;
            headerStart = 10;
        } else if (major == 2 || major == 3) {
            if (prefix.remaining() < 4) {
                throw new InvalidInputException(name, "a complete .npy header", "a file of " + size(channel)
                        + " bytes");
            }
            headerLength = prefix.getInt() & 0xffffffffL;
            headerStart = 12;
        } else {
            throw new InvalidInputException(name, ".npy format version 1, 2 or 3", "version " + major);
        }
        if (headerStart + headerLength > size(channel) || headerLength > 1 << 20) {
            throw new InvalidInputException(name, "a complete .npy header", "a header of " + headerLength
                    + " bytes in a file of " + size(channel) + " bytes");
        }
        ByteBuffer headerBytes = ByteBuffer.allocate((int) headerLength);
        readFully(channel, headerBytes, headerStart);
        String header = new String(headerBytes.array(), 0, headerBytes.position(),
                major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);

        String descr = field(name, header, DESCR, "descr");
        ByteOrder order;
        if (descr.equals("<f8")) {
            order = ByteOrder.LITTLE_ENDIAN;
        } else if (descr.equals(">f8")) {
            order = ByteOrder.BIG_ENDIAN;
        } else {
            throw new InvalidInputException(name, "dtype float64 ('<f8')", "dtype '" + descr + "'");
        }
        if (field(name, header, FORTRAN, "fortran_order").equals("True")) {
            throw new InvalidInputException(name, "C (row-major) order", "fortran_order True",
                    "save with numpy.ascontiguousarray");
        }
        long[] shape = shape(name, field(name, header, SHAPE, "shape"));
        if (shape.length < 2 || shape.length > 3) {
            throw new InvalidInputException(name, "an array of shape (N, n, k) or (N, n)", "shape "
                    + describe(shape));
        }
        long a = shape[1];
        long b = shape.length == 3 ? shape[2] : 1;
        if (shape[0] < 1 || a < 1 || b < 1 || a * b * Double.BYTES > Integer.MAX_VALUE - 64) {
            throw new InvalidInputException(name, "N ≥ 1 non-empty slices of at most 2^28 values", "shape "
                    + describe(shape));
        }
        long dataStart = headerStart + headerLength;
        long expected = shape[0] * a * b * Double.BYTES;
        long actual = size(channel) - dataStart;
        if (actual != expected) {
            throw new InvalidInputException(name, expected + " bytes of data for shape " + describe(shape),
                    actual + " bytes", actual < expected ? "the file is truncated" : "trailing bytes");
        }
        return new NpyMatrixStream(input, channel, dataStart, shape[0], (int) a, (int) b, order);
    }

    /** @return N, the number of slices */
    public long count() {
        return count;
    }

    /** @return a, the rows of a slice (n) */
    public int rows() {
        return rows;
    }

    /** @return b, the columns of a slice (k; 1 for a file of rank 2) */
    public int columns() {
        return columns;
    }

    @Override
    public boolean hasNext() {
        return read < count;
    }

    /**
     * Reads the next slice, row-major.
     *
     * @return the shared buffer of length a·b, overwritten by the next call
     * @throws NoSuchElementException after the last slice
     * @throws UncheckedIOException if reading fails
     */
    @Override
    public double[] next() {
        if (!hasNext()) {
            throw new NoSuchElementException(input + ": all " + count + " slices have been read");
        }
        bytes.clear();
        readFully(channel, bytes, position);
        position += bytes.capacity();
        bytes.flip();
        bytes.asDoubleBuffer().get(slice);
        read++;
        return slice;
    }

    /** Closes the file. */
    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void readFully(FileChannel channel, ByteBuffer target, long at) {
        try {
            long p = at;
            while (target.hasRemaining()) {
                int r = channel.read(target, p);
                if (r < 0) {
                    return;
                }
                p += r;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long size(FileChannel channel) {
        try {
            return channel.size();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String field(String name, String header, Pattern pattern, String key) {
        Matcher m = pattern.matcher(header);
        if (!m.find()) {
            throw new InvalidInputException(name, "a .npy header with '" + key + "'", "header " + header.strip());
        }
        return m.group(1);
    }

    private static long[] shape(String name, String text) {
        String[] parts = text.split(",");
        long[] shape = new long[parts.length];
        int used = 0;
        for (String p : parts) {
            String t = p.strip();
            if (t.isEmpty()) {
                continue;
            }
            try {
                shape[used++] = Long.parseLong(t.endsWith("L") ? t.substring(0, t.length() - 1) : t);
            } catch (NumberFormatException e) {
                throw new InvalidInputException(name, "a shape of integers", "shape (" + text + ")");
            }
        }
        return Arrays.copyOf(shape, used);
    }

    static String describe(long[] shape) {
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) {
            b.append(i > 0 ? ", " : "").append(shape[i]);
        }
        return b.append(shape.length == 1 ? ",)" : ")").toString();
    }

    private static void closeQuietly(FileChannel channel, RuntimeException cause) {
        try {
            channel.close();
        } catch (IOException e) {
            cause.addSuppressed(e);
        }
    }
}
