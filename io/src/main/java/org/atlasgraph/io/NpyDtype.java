package org.atlasgraph.io;

import java.nio.ByteOrder;
import java.util.Optional;

/**
 * The {@code .npy} element types this module reads: IEEE 754 binary64 and binary32 in either byte order. Every value
 * is returned as a {@code double} (binary32 widens exactly). Integer, complex, structured and object arrays are
 * rejected by {@link NpyReader} with the {@code descr} they carry.
 *
 * <p>Thread safety: an immutable enum.
 */
public enum NpyDtype {
    /** {@code '<f8'}: float64, little-endian (what NumPy writes on x86 and ARM). */
    FLOAT64_LE("<f8", 8, ByteOrder.LITTLE_ENDIAN),
    /** {@code '>f8'}: float64, big-endian. */
    FLOAT64_BE(">f8", 8, ByteOrder.BIG_ENDIAN),
    /** {@code '<f4'}: float32, little-endian. */
    FLOAT32_LE("<f4", 4, ByteOrder.LITTLE_ENDIAN),
    /** {@code '>f4'}: float32, big-endian. */
    FLOAT32_BE(">f4", 4, ByteOrder.BIG_ENDIAN);

    private final String descr;
    private final int itemSize;
    private final ByteOrder order;

    NpyDtype(String descr, int itemSize, ByteOrder order) {
        this.descr = descr;
        this.itemSize = itemSize;
        this.order = order;
    }

    /** @return the header's {@code descr} string, e.g. {@code "<f8"} */
    public String descr() {
        return descr;
    }

    /** @return the bytes of one element: 8 or 4 */
    public int itemSize() {
        return itemSize;
    }

    /** @return the byte order of the elements */
    public ByteOrder order() {
        return order;
    }

    /**
     * Looks a {@code descr} up.
     *
     * @param descr a header's {@code descr}, e.g. {@code "<f8"}
     * @return the element type, or empty if this module does not read it
     */
    public static Optional<NpyDtype> of(String descr) {
        for (NpyDtype t : values()) {
            if (t.descr.equals(descr)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
