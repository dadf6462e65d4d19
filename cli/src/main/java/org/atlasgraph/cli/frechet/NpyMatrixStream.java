package org.atlasgraph.cli.frechet;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.io.NpyReader;
import org.atlasgraph.io.NpySliceStream;

/**
 * Streams the slices of a NumPy {@code .npy} file with shape (N, a, b) or (N, a), one slice of a·b values at a time, in
 * constant memory: the file may be far larger than the heap (1000 samples of Gr(2000,500) are 8 GB). The reading is
 * {@link NpyReader#stream}'s: the header and the file's length are validated when the stream opens, every value is
 * checked to be finite as it is read, and every message names the option and the file.
 *
 * <p>{@link #next()} returns the same buffer every time, overwritten with the next slice; callers that keep a slice
 * must copy it.
 */
public final class NpyMatrixStream implements Iterator<double[]>, AutoCloseable {
    private final NpySliceStream slices;

    private NpyMatrixStream(NpySliceStream slices) {
        this.slices = slices;
    }

    /**
     * Opens a file and validates its header.
     *
     * @param input the option that named the file, e.g. {@code "--input"}, used in messages
     * @param path  the file
     * @return the stream, positioned at the first slice
     * @throws InvalidInputException naming {@code input} and the file if it is not a C-ordered float64 or float32 array
     *     of rank 2 or 3 with a positive number of non-empty slices, or its length disagrees with its header
     */
    public static NpyMatrixStream open(String input, Path path) {
        return new NpyMatrixStream(NpyReader.stream(input, path));
    }

    /** @return N, the number of slices */
    public long count() {
        return slices.count();
    }

    /** @return a, the rows of a slice (n) */
    public int rows() {
        return slices.rows();
    }

    /** @return b, the columns of a slice (k; 1 for a file of rank 2) */
    public int columns() {
        return slices.columns();
    }

    @Override
    public boolean hasNext() {
        return slices.hasNext();
    }

    /**
     * Reads the next slice, row-major.
     *
     * @return the shared buffer of length a·b, overwritten by the next call
     * @throws NoSuchElementException after the last slice
     * @throws InvalidInputException  naming the file and the index of a non-finite value
     */
    @Override
    public double[] next() {
        return slices.next();
    }

    /** Closes the file. */
    @Override
    public void close() {
        slices.close();
    }
}
