package org.atlasgraph.grassmann;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link Dots} with the JDK Vector API: fused multiply-adds over the preferred species, the lanes summed once at the
 * end, the tail in scalar code. Loaded reflectively by {@link Dots#best} (this class links only when the VM has
 * {@code jdk.incubator.vector}).
 */
final class VectorDots implements Dots {
    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;

    @Override
    public double dot(double[] a, int aFrom, double[] b, int bFrom, int length) {
        DoubleVector acc = DoubleVector.zero(S);
        int bound = S.loopBound(length);
        int i = 0;
        for (; i < bound; i += S.length()) {
            acc = DoubleVector.fromArray(S, a, aFrom + i).fma(DoubleVector.fromArray(S, b, bFrom + i), acc);
        }
        double s = acc.reduceLanes(VectorOperators.ADD);
        for (; i < length; i++) {
            s += a[aFrom + i] * b[bFrom + i];
        }
        return s;
    }
}
