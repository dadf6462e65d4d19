package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QaRotationTest {
    private static final long SEED = 31;
    /** Both sides are O(1) products of orthogonal factors: agreement to a few hundred ulps. */
    private static final double TOL = 1e-12;

    @ParameterizedTest(name = "Gr({0},{1}), |C| ~ {2}")
    @CsvSource({"5,2,0.3", "5,2,4", "7,5,0.8", "6,3,2", "3,1,10", "4,3,0.5"})
    void lowRankApplicationEqualsTheMatrixOfClaim31(int n, int k, double scale) {
        SplittableRandom rng = new SplittableRandom(SEED + n * 10L + k);
        int m = n - k;
        double[] c = Reference.scaled(Reference.gaussian(rng, m, k), scale);
        QaRotation q = QaRotation.of(c, m, k);
        DMatrixRMaj explicit = Reference.claimQa(c, m, k);
        int p = 3;
        double[] frame = Reference.gaussian(rng, n, p);
        double[] top = java.util.Arrays.copyOfRange(frame, 0, k * p);
        double[] bottom = java.util.Arrays.copyOfRange(frame, k * p, n * p);
        q.apply(top, bottom, p);
        DMatrixRMaj expected = new DMatrixRMaj(n, p);
        CommonOps_DDRM.mult(explicit, Reference.matrix(n, p, frame), expected);
        assertThat(Reference.maxAbsDifference(concat(top, bottom), expected.data)).as("Q_C x vs Claim 3.1")
                .isLessThan(TOL);
        double[] top2 = java.util.Arrays.copyOfRange(frame, 0, k * p);
        double[] bottom2 = java.util.Arrays.copyOfRange(frame, k * p, n * p);
        q.applyTranspose(top2, bottom2, p);
        CommonOps_DDRM.multTransA(explicit, Reference.matrix(n, p, frame), expected);
        assertThat(Reference.maxAbsDifference(concat(top2, bottom2), expected.data)).as("Q_Cᵀ x vs Claim 3.1")
                .isLessThan(TOL);
        assertThat(Reference.maxAbsDifference(q.centre(), c)).as("C recovered as W Vᵀ").isLessThan(TOL * (1 + scale));
    }

    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"5,2", "9,4", "4,3"})
    void claim31MatrixIsOrthogonalAndCarriesTheCentre(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED);
        int m = n - k;
        double[] c = Reference.gaussian(rng, m, k);
        DMatrixRMaj q = Reference.claimQa(c, m, k);
        DMatrixRMaj qtq = new DMatrixRMaj(n, n);
        CommonOps_DDRM.multTransA(q, q, qtq);
        assertThat(Reference.maxAbsDifference(qtq.data, CommonOps_DDRM.identity(n).data)).as("Q_Cᵀ Q_C = I")
                .isLessThan(TOL);
        // Q_C (I; 0) spans (I; C): its lower block times the inverse of its upper block is C (eq. 3.2).
        DMatrixRMaj upper = CommonOps_DDRM.extract(q, 0, k, 0, k);
        DMatrixRMaj lower = CommonOps_DDRM.extract(q, k, n, 0, k);
        CommonOps_DDRM.invert(upper);
        DMatrixRMaj ratio = new DMatrixRMaj(m, k);
        CommonOps_DDRM.mult(lower, upper, ratio);
        assertThat(Reference.maxAbsDifference(ratio.data, c)).as("centre of Q_C").isLessThan(TOL);
        assertThat(Reference.maxAbs(c)).as("non-trivial C").isGreaterThan(0.1);
    }

    @org.junit.jupiter.api.Test
    void identityLeavesFramesUnchanged() {
        double[] top = {1, 2, 3, 4};
        double[] bottom = {5, 6};
        QaRotation.identity().apply(top, bottom, 2);
        assertThat(top).as("top").containsExactly(1, 2, 3, 4);
        assertThat(bottom).as("bottom").containsExactly(5, 6);
        assertThat(QaRotation.identity().isIdentity()).as("identity flag").isTrue();
    }

    private static double[] concat(double[] a, double[] b) {
        double[] r = new double[a.length + b.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
