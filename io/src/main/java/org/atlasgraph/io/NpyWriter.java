package org.atlasgraph.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Writes NumPy {@code .npy} files of float64 values ({@code '<f8'}, C order, format version 1.0), which
 * {@link NpyReader} and {@code numpy.load} read. Values are written in chunks, so
 * an array larger than the heap can be written slice by slice; {@link #finish()} checks that exactly the declared
 * number of values arrived. Non-finite values are refused, so every file written here reads back.
 *
 * <p>Write to a file through {@link AtomicWriter}:
 * {@code writer.write(target, out -> NpyWriter.write(out, new long[] {n, d}, values))}.
 *
 * <p>Thread safety: not thread-safe; the static {@link #write} is safe on distinct streams.
 */
public final class NpyWriter {
    private static final int CHUNK_VALUES = 1 << 14;
    private static final int ALIGNMENT = 64;
    /** Magic (6 bytes), version (2) and the header length (2) of format version 1.0. */
    private static final int PREFIX = 10;

    private final OutputStream out;
    private final long[] shape;
    private final long size;
    private final ByteBuffer chunk = ByteBuffer.allocate(CHUNK_VALUES * Double.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private long written;

    private NpyWriter(OutputStream out, long[] shape, long size) {
        this.out = out;
        this.shape = shape;
        this.size = size;
    }

    /**
     * Writes the header of an array.
     *
     * @param out   the stream; not closed
     * @param shape the shape, non-negative dimensions (empty for a scalar); copied
     * @return a writer expecting the product of the shape in values
     * @throws InvalidInputException if a dimension is negative or the size overflows
     * @throws IOException           if writing fails
     */
    public static NpyWriter start(OutputStream out, long... shape) throws IOException {
        long size = size(shape);
        out.write(header(shape));
        return new NpyWriter(out, shape.clone(), size);
    }

    /**
     * Writes a whole array.
     *
     * @param out    the stream; not closed
     * @param shape  the shape; its product must be {@code values.length}
     * @param values the values in C order, finite; not modified
     * @throws InvalidInputException if the shape and the values disagree or a value is not finite
     * @throws IOException           if writing fails
     */
    public static void write(OutputStream out, long[] shape, double[] values) throws IOException {
        long size = size(shape);
        if (size != values.length) {
            throw new InvalidInputException("values", size + " values for shape " + NpyHeader.shapeText(shape),
                    values.length + " values");
        }
        requireFinite(values, 0);
        NpyWriter w = start(out, shape);
        w.append(values);
        w.finish();
    }

    /**
     * Appends values in C order.
     *
     * @param values the next values, finite; not modified
     * @throws InvalidInputException if a value is not finite (named by its flat index in the array) or there are more
     *     values than the shape holds
     * @throws IOException           if writing fails
     */
    public void append(double... values) throws IOException {
        if (values.length > size - written) {
            throw new InvalidInputException("values", "at most " + size + " values for shape "
                    + NpyHeader.shapeText(shape), (written + values.length) + " values");
        }
        requireFinite(values, written);
        for (int from = 0; from < values.length; from += CHUNK_VALUES) {
            int n = Math.min(CHUNK_VALUES, values.length - from);
            chunk.clear();
            chunk.asDoubleBuffer().put(values, from, n);
            out.write(chunk.array(), 0, n * Double.BYTES);
        }
        written += values.length;
    }

    /**
     * Checks that the array is complete and flushes the stream.
     *
     * @throws InvalidInputException if fewer values than the shape holds were appended
     * @throws IOException           if flushing fails
     */
    public void finish() throws IOException {
        if (written != size) {
            throw new InvalidInputException("values", size + " values for shape " + NpyHeader.shapeText(shape),
                    written + " values");
        }
        out.flush();
    }

    /** @return the product of the shape, checked: non-negative dimensions, at most 64, data below 2^63 bytes */
    private static long size(long[] shape) {
        if (shape.length > NpyHeaderParser.MAX_RANK) {
            throw new InvalidInputException("shape", "at most " + NpyHeaderParser.MAX_RANK + " dimensions",
                    shape.length + " dimensions");
        }
        long size = 1;
        for (int i = 0; i < shape.length; i++) {
            if (shape[i] < 0) {
                throw new InvalidInputException("shape[" + i + "]", "a non-negative dimension",
                        String.valueOf(shape[i]));
            }
            try {
                size = Math.multiplyExact(size, shape[i]);
                Math.multiplyExact(size, Double.BYTES);
            } catch (ArithmeticException e) {
                throw new InvalidInputException("shape", "a size that fits in 2^63 bytes",
                        NpyHeader.shapeText(shape));
            }
        }
        return size;
    }

    /** Refuses a non-finite value, named by its flat index in the array. */
    private static void requireFinite(double[] values, long offset) {
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new InvalidInputException("values[" + (offset + i) + "]", "a finite value",
                        String.valueOf(values[i]));
            }
        }
    }

    /**
     * Magic, version 1.0, header length, and the dict padded with spaces to a multiple of 64 bytes, ending in a
     * newline. With at most 64 dimensions of at most 19 digits the header stays far below the 65535 bytes of version
     * 1.0.
     */
    private static byte[] header(long[] shape) {
        String dict = "{'descr': '<f8', 'fortran_order': False, 'shape': " + NpyHeader.shapeText(shape) + ", }";
        int padded = (PREFIX + dict.length() + 1 + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT - PREFIX;
        StringBuilder text = new StringBuilder(dict);
        while (text.length() < padded - 1) {
            text.append(' ');
        }
        text.append('\n');
        byte[] h = text.toString().getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer b = ByteBuffer.allocate(PREFIX + h.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0});
        b.putShort((short) h.length);
        return b.put(h).array();
    }
}
