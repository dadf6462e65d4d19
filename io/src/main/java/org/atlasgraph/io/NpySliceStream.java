package org.atlasgraph.io;

import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The slices of an (N, n, k) or (N, n) {@code .npy} array, one n×k slice (k = 1 for rank 2) at a time, in row-major
 * order, read ahead in blocks of 1 MiB: memory does not grow with N, so a file of 1000 samples of Gr(2000, 500)
 * (8 GB) streams through a small heap. Opened by {@link NpyReader#stream}, which has already checked the header and
 * the file's length. Each slice is checked to be finite as it is read; the first non-finite value is reported with its
 * index (sample, row, column), 0-based as in NumPy.
 *
 * <p>{@link #next()} returns the same buffer every time, overwritten with the next slice; callers that keep a slice
 * must copy it. Thread safety: not thread-safe; use one stream per thread.
 */
public final class NpySliceStream implements Iterator<double[]>, AutoCloseable {
    private final String label;
    private final FileChannel channel;
    private final NpyHeader header;
    private final NpyBlocks blocks;
    private final int rows;
    private final int columns;
    private final double[] slice;
    private long read;

    NpySliceStream(String label, FileChannel channel, NpyHeader header, int rows, int columns) {
        this.label = label;
        this.channel = channel;
        this.header = header;
        this.blocks = new NpyBlocks(label, channel, header);
        this.rows = rows;
        this.columns = columns;
        this.slice = new double[rows * columns];
    }

    /** @return the validated header */
    public NpyHeader header() {
        return header;
    }

    /** @return N, the number of slices */
    public long count() {
        return header.dimension(0);
    }

    /** @return n, the rows of a slice */
    public int rows() {
        return rows;
    }

    /** @return k, the columns of a slice (1 for a file of rank 2) */
    public int columns() {
        return columns;
    }

    /** @return the number of slices read so far */
    public long position() {
        return read;
    }

    /** @return whether a slice remains */
    @Override
    public boolean hasNext() {
        return read < count();
    }

    /**
     * Reads the next slice.
     *
     * @return the shared buffer of length n·k, row-major, overwritten by the next call
     * @throws NoSuchElementException after the last slice
     * @throws InvalidInputException naming the file if a value is not finite (with its index) or the file shrank
     */
    @Override
    public double[] next() {
        if (!hasNext()) {
            throw new NoSuchElementException(label + ": all " + count() + " slices have been read");
        }
        blocks.read(slice, 0, slice.length);
        for (int i = 0; i < slice.length; i++) {
            if (!Double.isFinite(slice[i])) {
                String index = header.rank() == 3 ? "(" + read + ", " + i / columns + ", " + i % columns + ")"
                        : "(" + read + ", " + i + ")";
                throw NpyReader.nonFinite(label, slice[i], index);
            }
        }
        read++;
        return slice;
    }

    /**
     * Closes the file.
     *
     * @throws UncheckedIOException if closing fails
     */
    @Override
    public void close() {
        NpyReader.close(channel);
    }
}
