package org.atlasgraph.grassmann;

/**
 * Dot products of long contiguous runs of doubles, the inner loop of the metric ({@link GrassmannMetric}): the JIT
 * does not vectorize a floating-point sum, so {@link #best} answers the Vector API implementation ({@code VectorDots},
 * about 5× the scalar loop on AVX-512) where the VM has {@code jdk.incubator.vector} and FMA, else the scalar loop.
 */
interface Dots {
    /**
     * @param a     the first array
     * @param aFrom offset of the first run in a
     * @param b     the second array
     * @param bFrom offset of the second run in b
     * @param length the length of the runs
     * @return {@code Σ_{i<length} a[aFrom + i]·b[bFrom + i]}
     */
    double dot(double[] a, int aFrom, double[] b, int bFrom, int length);

    /** The scalar loop, four partial sums. */
    Dots SCALAR = (a, aFrom, b, bFrom, length) -> {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int i = 0;
        for (; i + 3 < length; i += 4) {
            s0 += a[aFrom + i] * b[bFrom + i];
            s1 += a[aFrom + i + 1] * b[bFrom + i + 1];
            s2 += a[aFrom + i + 2] * b[bFrom + i + 2];
            s3 += a[aFrom + i + 3] * b[bFrom + i + 3];
        }
        for (; i < length; i++) {
            s0 += a[aFrom + i] * b[bFrom + i];
        }
        return (s0 + s1) + (s2 + s3);
    };

    /** @return the Vector API dots when the vector kernels are on ({@link GrassmannKernels#VECTOR}), else scalar */
    static Dots best() {
        if (GrassmannKernels.VECTOR == null) {
            return SCALAR;
        }
        try {
            return (Dots) Class.forName("org.atlasgraph.grassmann.VectorDots").getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            return SCALAR;
        }
    }
}
