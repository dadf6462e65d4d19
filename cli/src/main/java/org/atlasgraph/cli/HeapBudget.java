package org.atlasgraph.cli;

import java.util.Locale;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Checks that what a user asked for fits in the heap before it is allocated, so that {@code sample --count 2147483647}
 * or a sphere of dimension 10⁸ is one line naming the option and saying what fits (exit 2), not an
 * {@link OutOfMemoryError} after minutes of work. Estimates are products of counts and sizes, computed without
 * overflow (a product beyond {@code Long.MAX_VALUE} bytes simply does not fit); they count the arrays a command keeps,
 * not the JVM's own overhead, so a request that passes may still run out of memory, which the CLI then reports as
 * such (exit 3).
 *
 * <p>Stateless; the heap it measures is the running JVM's, so answers change as memory is used and freed.
 */
public final class HeapBudget {
    /** The share of the free heap one request may claim: the rest is for the JVM and the work around it. */
    static final double SHARE = 0.8;
    private static final double GIB = 1024.0 * 1024 * 1024;
    private static final double MIB = 1024.0 * 1024;

    private HeapBudget() {
    }

    /** @return bytes a single request may use now: {@link #SHARE} of the maximum heap minus what is in use */
    public static long available() {
        Runtime r = Runtime.getRuntime();
        long used = r.totalMemory() - r.freeMemory();
        return (long) (SHARE * Math.max(0, r.maxMemory() - used));
    }

    /**
     * The product of non-negative factors, saturating at {@code Long.MAX_VALUE} instead of overflowing.
     *
     * @param factors sizes, counts and bytes per number, each ≥ 0
     * @return their product, or {@code Long.MAX_VALUE} when it does not fit in a long
     */
    public static long product(long... factors) {
        long p = 1;
        for (long f : factors) {
            if (f < 0) {
                throw new IllegalArgumentException("factor: expected ≥ 0, found " + f);
            }
            if (f != 0 && p > Long.MAX_VALUE / f) {
                return Long.MAX_VALUE;
            }
            p *= f;
        }
        return p;
    }

    /**
     * Requires {@code count} items of {@code bytesEach} bytes to fit in the {@linkplain #available() available heap}.
     *
     * @param input     the option as the user typed it, e.g. {@code "--count"}
     * @param found     its value as typed
     * @param count     the number of items, ≥ 0
     * @param bytesEach the bytes one item takes, ≥ 1
     * @param items     the items' name in the message, plural, e.g. {@code "points of 9 coordinates"}
     * @throws InvalidInputException {@code --count: expected at most 26843545 points of 9 coordinates (80 bytes each
     *     in the 2.0 GB of free heap; more with ATLAS_JAVA_OPTS=-Xmx…), found 2147483647}
     */
    public static void require(String input, String found, long count, long bytesEach, String items) {
        long available = available();
        if (product(count, bytesEach) <= available) {
            return;
        }
        throw new InvalidInputException(input, "at most " + available / Math.max(1, bytesEach) + " " + items + " ("
                + bytes(bytesEach) + " each in the " + bytes(available) + " of free heap; more with "
                + "ATLAS_JAVA_OPTS=-Xmx…)", found);
    }

    /**
     * Requires a manifold whose ambient arrays of length D, {@code vectors} of them kept at once, fit in the heap.
     *
     * @param input    the options that chose the manifold, as typed, e.g. {@code "--provider sphere --param n=10"}
     * @param manifold the manifold's name
     * @param ambient  its ambient dimension D
     * @param vectors  how many ambient arrays (or chart-sized arrays of D numbers) the command keeps at once
     * @param purpose  what keeps them, e.g. {@code "the conformance kit"}
     * @throws InvalidInputException naming the options and the largest D that fits
     */
    public static void requireAmbient(String input, String manifold, int ambient, long vectors, String purpose) {
        long available = available();
        long perCoordinate = product(vectors, Double.BYTES);
        if (product(ambient, perCoordinate) <= available) {
            return;
        }
        throw new InvalidInputException(input, "a manifold of ambient dimension at most "
                + available / Math.max(1, perCoordinate) + " (" + purpose + " keeps about " + vectors
                + " arrays of that length in the " + bytes(available) + " of free heap; more with "
                + "ATLAS_JAVA_OPTS=-Xmx…)", manifold + " of ambient dimension " + ambient);
    }

    /**
     * @param bytes a size
     * @return e.g. {@code "1.9 GB"}, {@code "12.0 MB"}, {@code "72 bytes"}
     */
    static String bytes(long bytes) {
        if (bytes >= GIB) {
            return String.format(Locale.ROOT, "%.1f GB", bytes / GIB);
        }
        if (bytes >= MIB) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / MIB);
        }
        return bytes + " bytes";
    }
}
