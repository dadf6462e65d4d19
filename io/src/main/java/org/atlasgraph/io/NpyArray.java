package org.atlasgraph.io;

import java.util.Arrays;

/**
 * A whole {@code .npy} array in memory: its shape and its values in C (row-major) order, as doubles. Read with
 * {@link NpyReader#read}; every value is finite.
 *
 * <p>Thread safety: immutable; accessors return copies.
 */
public final class NpyArray {
    private final int[] shape;
    private final double[] values;

    /** Takes ownership of both arrays; {@link NpyReader} checked that the product of the shape is the length. */
    NpyArray(int[] shape, double[] values) {
        this.shape = shape;
        this.values = values;
    }

    /** @return the shape, a copy; empty for a scalar */
    public int[] shape() {
        return shape.clone();
    }

    /** @return the number of dimensions */
    public int rank() {
        return shape.length;
    }

    /** @return the number of values, the product of the shape */
    public int size() {
        return values.length;
    }

    /** @return the values in C order, a copy */
    public double[] values() {
        return values.clone();
    }

    /** @return e.g. {@code NpyArray(2, 3)} */
    @Override
    public String toString() {
        long[] s = Arrays.stream(shape).asLongStream().toArray();
        return "NpyArray" + NpyHeader.shapeText(s);
    }
}
