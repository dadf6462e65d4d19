package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DotsTest {
    private static final long SEED = 41;

    @Test
    void everyImplementationAgreesWithAnExactSumOverLengthsAndOffsets() {
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] a = Reference.gaussian(rng, 1, 200);
        double[] b = Reference.gaussian(rng, 1, 200);
        // The build runs this class twice: with jdk.incubator.vector (the vector dots) and without (the scalar loop).
        Dots chosen = Dots.best();
        assertThat(chosen.getClass().getSimpleName()).as("the vector dots iff the vector kernels are on")
                .isEqualTo(GrassmannKernels.VECTOR == null ? Dots.SCALAR.getClass().getSimpleName() : "VectorDots");
        for (int length : new int[] {0, 1, 3, 7, 8, 9, 17, 33, 64, 130}) {
            for (int aFrom : new int[] {0, 1, 5}) {
                int bFrom = 60 - aFrom;
                BigDecimal exact = BigDecimal.ZERO;
                for (int i = 0; i < length; i++) {
                    exact = exact.add(new BigDecimal(a[aFrom + i]).multiply(new BigDecimal(b[bFrom + i])));
                }
                double reference = exact.doubleValue();
                String where = "length " + length + ", offsets " + aFrom + ", " + bFrom;
                assertThat(Dots.SCALAR.dot(a, aFrom, b, bFrom, length)).as("scalar, " + where)
                        .isCloseTo(reference, within(1e-13 * (1 + length)));
                assertThat(chosen.dot(a, aFrom, b, bFrom, length)).as("chosen, " + where)
                        .isCloseTo(reference, within(1e-13 * (1 + length)));
            }
        }
    }
}
