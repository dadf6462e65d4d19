package org.atlasgraph.io;

import java.nio.file.Path;

/**
 * The validated header of a NumPy {@code .npy} file (NEP 1): format version, element type, memory order and shape,
 * and where the data start. An instance exists only for a file whose length is exactly the header's length plus
 * {@code size() · dtype().itemSize()} bytes, so a reader can trust it.
 *
 * <p>Thread safety: immutable.
 */
public final class NpyHeader {
    private final Path file;
    private final int version;
    private final NpyDtype dtype;
    private final boolean fortranOrder;
    private final long[] shape;
    private final long size;
    private final long dataOffset;

    NpyHeader(Path file, int version, NpyDtype dtype, boolean fortranOrder, long[] shape, long size, long dataOffset) {
        this.file = file;
        this.version = version;
        this.dtype = dtype;
        this.fortranOrder = fortranOrder;
        this.shape = shape.clone();
        this.size = size;
        this.dataOffset = dataOffset;
    }

    /** @return the file the header was read from */
    public Path file() {
        return file;
    }

    /** @return the major format version: 1, 2 or 3 */
    public int version() {
        return version;
    }

    /** @return the element type */
    public NpyDtype dtype() {
        return dtype;
    }

    /** @return whether the data are in Fortran (column-major) order rather than C (row-major) order */
    public boolean fortranOrder() {
        return fortranOrder;
    }

    /** @return the shape, a copy; empty for a scalar */
    public long[] shape() {
        return shape.clone();
    }

    /** @return the number of dimensions */
    public int rank() {
        return shape.length;
    }

    /**
     * @param axis an axis, {@code 0 ≤ axis < rank()}
     * @return the length of that axis
     */
    public long dimension(int axis) {
        return shape[axis];
    }

    /** @return the number of elements, the product of the shape (1 for a scalar) */
    public long size() {
        return size;
    }

    /** @return the byte offset of the first element in the file */
    public long dataOffset() {
        return dataOffset;
    }

    /** @return the shape as NumPy prints it: {@code (2, 3)}, {@code (6,)} or {@code ()} */
    public String shapeText() {
        return shapeText(shape);
    }

    /** @return e.g. {@code shape (2, 3) of '<f8'} */
    @Override
    public String toString() {
        return "shape " + shapeText() + " of '" + dtype.descr() + "'" + (fortranOrder ? " in Fortran order" : "");
    }

    static String shapeText(long[] shape) {
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) {
            b.append(i > 0 ? ", " : "").append(shape[i]);
        }
        return b.append(shape.length == 1 ? ",)" : ")").toString();
    }
}
