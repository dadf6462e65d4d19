package org.atlasgraph.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Reads NumPy {@code .npy} files (NEP 1, format versions 1.0, 2.0 and 3.0) of float64 or float32 values in either byte
 * order ({@code '<f8'}, {@code '>f8'}, {@code '<f4'}, {@code '>f4'}; see {@link NpyDtype}), whole or as a stream of
 * slices.
 *
 * <p>The header is parsed strictly (magic {@code \x93NUMPY}, version, header length, then a dict with exactly
 * {@code descr}, {@code fortran_order} and {@code shape}). Before any data is read, the product of the shape and the
 * item size must equal the bytes after the header, computed without overflow: a file truncated by a few bytes or by
 * whole values, or with bytes after the data, is rejected with both numbers, never padded and never read past its end.
 * Every value must be finite; the first that is not is reported with its index as NumPy writes it, 0-based:
 * {@code --input 'x.npy': expected finite values, found NaN at index (3, 1)}. Every message starts with the file as
 * the user named it.
 *
 * <p>Thread safety: stateless; safe to call from any thread. A {@link NpySliceStream} is not thread-safe.
 */
public final class NpyReader {
    /** The largest Java array. */
    static final int MAX_ARRAY = Integer.MAX_VALUE - 8;
    /** Headers are about 100 bytes; NumPy refuses more than 10 000 by default. */
    static final int MAX_HEADER_BYTES = 1 << 20;
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final int PREFIX = 12;
    private static final long MIB = 1L << 20;

    private NpyReader() {
    }

    /**
     * Reads and validates a header, including the file's length, without reading the data.
     *
     * @param input what named the file, e.g. {@code "--input"}, or {@code ""}; starts every message
     * @param file  the file
     * @return the header
     * @throws InvalidInputException if the file is missing, unreadable, not a {@code .npy} file of a type listed in
     *     {@link NpyDtype}, or its length disagrees with its header
     */
    public static NpyHeader header(String input, Path file) {
        try (Opened o = open(input, file)) {
            return o.header;
        }
    }

    /**
     * Reads a whole array of any rank, in either memory order.
     *
     * @param input what named the file, or {@code ""}
     * @param file  the file
     * @return the array, in C order
     * @throws InvalidInputException as {@link #header}, or if the array does not fit in a Java array or the heap, or
     *     holds a non-finite value (named with its index)
     */
    public static NpyArray read(String input, Path file) {
        try (Opened o = open(input, file)) {
            NpyHeader h = o.header;
            int[] shape = new int[h.rank()];
            for (int i = 0; i < shape.length; i++) {
                if (h.dimension(i) > MAX_ARRAY) {
                    throw new InvalidInputException(o.label, "dimensions of at most " + MAX_ARRAY, h.toString());
                }
                shape[i] = (int) h.dimension(i);
            }
            requireFits(o.label, h, h.size(), 0);
            double[] values = new double[(int) h.size()];
            new NpyBlocks(o.label, o.channel, h).read(values, 0, values.length);
            if (h.fortranOrder()) {
                values = toCOrder(values, shape);
            }
            for (int i = 0; i < values.length; i++) {
                if (!Double.isFinite(values[i])) {
                    throw nonFinite(o.label, values[i], index(i, shape));
                }
            }
            return new NpyArray(shape, values);
        }
    }

    /**
     * Reads an N×D array, e.g. a point cloud: N rows of D values.
     *
     * @param input what named the file, or {@code ""}
     * @param file  the file
     * @return N new arrays of length D
     * @throws InvalidInputException as {@link #read}, or if the array is not two-dimensional with N ≥ 1 and D ≥ 1
     */
    public static double[][] readMatrix(String input, Path file) {
        try (Opened o = open(input, file)) {
            NpyHeader h = o.header;
            if (h.rank() != 2) {
                throw new InvalidInputException(o.label, "a two-dimensional N×D array", h.toString());
            }
            long n = h.dimension(0);
            long d = h.dimension(1);
            if (n < 1 || d < 1) {
                throw new InvalidInputException(o.label, "an N×D array with N ≥ 1 and D ≥ 1", h.toString());
            }
            if (n > MAX_ARRAY || d > MAX_ARRAY) {
                throw new InvalidInputException(o.label, "N and D of at most " + MAX_ARRAY, h.toString());
            }
            requireFits(o.label, h, h.size(), n * 16);
            if (h.fortranOrder()) {
                if (h.size() > MAX_ARRAY) {
                    throw new InvalidInputException(o.label, "a Fortran-order array of at most " + MAX_ARRAY
                            + " values", h.toString(), "save it in C order with numpy.ascontiguousarray");
                }
                double[] all = new double[(int) h.size()];
                new NpyBlocks(o.label, o.channel, h).read(all, 0, all.length);
                all = toCOrder(all, new int[] {(int) n, (int) d});
                double[][] rows = new double[(int) n][];
                for (int i = 0; i < rows.length; i++) {
                    rows[i] = Arrays.copyOfRange(all, i * (int) d, (i + 1) * (int) d);
                }
                return requireFinite(o.label, rows);
            }
            NpyBlocks blocks = new NpyBlocks(o.label, o.channel, h);
            double[][] rows = new double[(int) n][(int) d];
            for (double[] row : rows) {
                blocks.read(row, 0, row.length);
            }
            return requireFinite(o.label, rows);
        }
    }

    /**
     * Opens a stream of the slices of an (N, n, k) or (N, n) array in C order: N slices of n·k values (k = 1 for a
     * rank-2 file), read ahead in blocks, in memory independent of N, so the file may be larger than the heap.
     *
     * @param input what named the file, or {@code ""}
     * @param file  the file
     * @return the open stream, positioned at the first slice; close it
     * @throws InvalidInputException as {@link #header}, or if the array is not of rank 2 or 3 in C order with N ≥ 1
     *     non-empty slices that fit in the heap
     */
    public static NpySliceStream stream(String input, Path file) {
        Opened o = open(input, file);
        try {
            NpyHeader h = o.header;
            if (h.rank() < 2 || h.rank() > 3) {
                throw new InvalidInputException(o.label, "an array of shape (N, n, k) or (N, n)", h.toString());
            }
            if (h.fortranOrder()) {
                throw new InvalidInputException(o.label, "C (row-major) order", "fortran_order True",
                        "save with numpy.ascontiguousarray");
            }
            long rows = h.dimension(1);
            long columns = h.rank() == 3 ? h.dimension(2) : 1;
            if (h.dimension(0) < 1 || rows < 1 || columns < 1 || rows * columns > MAX_ARRAY) {
                throw new InvalidInputException(o.label, "N ≥ 1 non-empty slices of at most " + MAX_ARRAY
                        + " values", h.toString());
            }
            requireFits(o.label, h, rows * columns, 0);
            return new NpySliceStream(o.label, o.channel, h, (int) rows, (int) columns);
        } catch (RuntimeException e) {
            o.close();
            throw e;
        }
    }

    private static Opened open(String input, Path file) {
        String label = FileNames.label(input, file);
        InputFile.requireReadable(input, file);
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new InvalidInputException(label, "a readable .npy file", "an I/O error: " + IoMessages.reason(e));
        }
        Opened o = new Opened(label, channel);
        try {
            o.header = parse(label, file, channel);
            return o;
        } catch (RuntimeException e) {
            o.close();
            throw e;
        }
    }

    private static NpyHeader parse(String label, Path file, FileChannel channel) {
        long length = size(label, channel);
        ByteBuffer prefix = ByteBuffer.allocate((int) Math.min(PREFIX, length)).order(ByteOrder.LITTLE_ENDIAN);
        readFully(label, channel, prefix, 0);
        prefix.flip();
        if (length < MAGIC.length) {
            throw new InvalidInputException(label, "a NumPy .npy file", length == 0 ? "an empty file"
                    : "a file of " + length + " bytes");
        }
        byte[] magic = new byte[MAGIC.length];
        prefix.get(magic);
        if (!Arrays.equals(magic, MAGIC)) {
            throw new InvalidInputException(label, "a NumPy .npy file (magic \\x93NUMPY)", "other content");
        }
        if (length < PREFIX - 2) {
            throw new InvalidInputException(label, "a complete .npy header", "a file of " + length + " bytes");
        }
        int major = prefix.get() & 0xff;
        int minor = prefix.get() & 0xff;
        if (major < 1 || major > 3 || minor != 0) {
            throw new InvalidInputException(label, ".npy format version 1.0, 2.0 or 3.0",
                    "version " + major + "." + minor);
        }
        long headerLength;
        int headerStart;
        if (major == 1) {
            headerLength = prefix.getShort() & 0xffff;
            headerStart = PREFIX - 2;
        } else {
            if (length < PREFIX) {
                throw new InvalidInputException(label, "a complete .npy header", "a file of " + length + " bytes");
            }
            headerLength = prefix.getInt() & 0xffffffffL;
            headerStart = PREFIX;
        }
        if (headerLength > MAX_HEADER_BYTES) {
            throw new InvalidInputException(label, "a .npy header of at most " + MAX_HEADER_BYTES + " bytes",
                    "a header of " + headerLength + " bytes");
        }
        if (headerStart + headerLength > length) {
            throw new InvalidInputException(label, "a complete .npy header of " + headerLength + " bytes",
                    "a file of " + length + " bytes", "the file is truncated");
        }
        ByteBuffer bytes = ByteBuffer.allocate((int) headerLength);
        readFully(label, channel, bytes, headerStart);
        bytes.flip();
        String text;
        try {
            // Versions 1 and 2 store the header in latin-1, version 3 in UTF-8 (NEP 1).
            text = (major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1).newDecoder().decode(bytes)
                    .toString();
        } catch (CharacterCodingException e) {
            throw new InvalidInputException(label, "a UTF-8 header (format version 3)", "malformed bytes");
        }
        NpyHeaderParser dict = NpyHeaderParser.parse(label, text);
        long[] shape = dict.shape();
        NpyDtype dtype = NpyDtype.of(dict.descr()).orElseThrow(() -> new InvalidInputException(label,
                "dtype '<f8', '>f8', '<f4' or '>f4' (float64 or float32)", "dtype '" + dict.descr() + "'"));
        long size = 1;
        long dataBytes;
        try {
            for (long s : shape) {
                size = Math.multiplyExact(size, s);
            }
            dataBytes = Math.multiplyExact(size, dtype.itemSize());
        } catch (ArithmeticException overflow) {
            throw new InvalidInputException(label, "a shape whose data fit in 2^63 bytes",
                    "shape " + NpyHeader.shapeText(shape));
        }
        long dataOffset = headerStart + headerLength;
        long actual = length - dataOffset;
        if (actual != dataBytes) {
            String context = actual < dataBytes ? "the file is truncated by " + (dataBytes - actual) + " bytes"
                    : (actual - dataBytes) + " bytes follow the data";
            throw new InvalidInputException(label, dataBytes + " bytes of data for shape "
                    + NpyHeader.shapeText(shape) + " of '" + dtype.descr() + "'", actual + " bytes", context);
        }
        return new NpyHeader(file, major, dtype, dict.fortranOrder(), shape, size, dataOffset);
    }

    /** Refuses arrays that cannot fit in the heap before allocating them, so the answer is a message, not an OOM. */
    private static void requireFits(String label, NpyHeader h, long values, long overhead) {
        if (values > MAX_ARRAY) {
            throw new InvalidInputException(label, "at most " + MAX_ARRAY + " values (a Java array)", h.toString());
        }
        long bytes = values * Double.BYTES + overhead;
        long max = Runtime.getRuntime().maxMemory();
        if (bytes > max) {
            throw new InvalidInputException(label, "data that fit in the Java heap (" + max / MIB + " MiB)",
                    h + ", " + bytes / MIB + " MiB as doubles", "raise -Xmx or read fewer values");
        }
    }

    /** Reorders a column-major array to row-major. */
    private static double[] toCOrder(double[] fortran, int[] shape) {
        double[] c = new double[fortran.length];
        int rank = shape.length;
        int[] index = new int[rank];
        long[] stride = new long[rank];
        long s = 1;
        for (int a = 0; a < rank; a++) {
            stride[a] = s;
            s *= shape[a];
        }
        for (int i = 0; i < c.length; i++) {
            long f = 0;
            for (int a = 0; a < rank; a++) {
                f += index[a] * stride[a];
            }
            c[i] = fortran[(int) f];
            for (int a = rank - 1; a >= 0; a--) {
                if (++index[a] < shape[a]) {
                    break;
                }
                index[a] = 0;
            }
        }
        return c;
    }

    private static double[][] requireFinite(String label, double[][] rows) {
        for (int i = 0; i < rows.length; i++) {
            for (int j = 0; j < rows[i].length; j++) {
                if (!Double.isFinite(rows[i][j])) {
                    throw nonFinite(label, rows[i][j], "(" + i + ", " + j + ")");
                }
            }
        }
        return rows;
    }

    /** @return the C-order multi-index of a flat position, as NumPy prints it */
    private static String index(int flat, int[] shape) {
        long[] index = new long[shape.length];
        int rest = flat;
        for (int a = shape.length - 1; a >= 0; a--) {
            index[a] = rest % shape[a];
            rest /= shape[a];
        }
        return NpyHeader.shapeText(index);
    }

    static InvalidInputException nonFinite(String label, double value, String index) {
        return new InvalidInputException(label, "finite values", value + " at index " + index, "0-based, as in NumPy");
    }

    private static long size(String label, FileChannel channel) {
        try {
            return channel.size();
        } catch (IOException e) {
            throw new InvalidInputException(label, "a readable .npy file", "an I/O error: " + IoMessages.reason(e));
        }
    }

    static void readFully(String label, FileChannel channel, ByteBuffer target, long at) {
        try {
            long p = at;
            while (target.hasRemaining()) {
                int r = channel.read(target, p);
                if (r <= 0) {
                    throw new InvalidInputException(label, "a file that keeps its length while it is read",
                            "a file that ended at byte " + p);
                }
                p += r;
            }
        } catch (IOException e) {
            throw new InvalidInputException(label, "a readable .npy file", "an I/O error: " + IoMessages.reason(e));
        }
    }

    /** Closes a file that was only read: a failure is unexpected, and unchecked. */
    static void close(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An open file and its header; closing closes the channel. */
    private static final class Opened implements AutoCloseable {
        private final String label;
        private final FileChannel channel;
        private NpyHeader header;

        Opened(String label, FileChannel channel) {
            this.label = label;
            this.channel = channel;
        }

        @Override
        public void close() {
            NpyReader.close(channel);
        }
    }
}
