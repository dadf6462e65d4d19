package org.atlasgraph.optim.mean;

import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.capability.RunningMean;

/**
 * Drives a {@link RunningMean} state through the samples, and decides when its chart centre moves to the estimate.
 *
 * <p><b>The re-centring rule</b> (the consistent atlas scheme). Before the (i+1)-th sample the centre moves to the
 * estimate when {@code i·‖m‖²·q² ≥ a²·s}, with ‖m‖ the estimate's distance from the centre
 * ({@link RunningMean.State#offset}), s the running mean of the samples' squared distances from it
 * ({@link RunningMean.State#spread}), q that of their squared curvature norms
 * ({@link RunningMean.State#curvatureSpread}; q ≤ s, and q = s, the rule {@code i·‖m‖²·s ≥ a²}, unless the manifold
 * says better) and a = {@value #RECENTRE_BOUND}. Why: at the centre the update is exactly the geodesic step
 * {@code Exp_M(t·Log_M X)} of the exact scheme, whose estimates converge to the Fréchet mean (the inductive mean of
 * Sturm; GiFEE, Chakraborty and Vemuri); off the centre it differs from that step by δ = O(K·‖m‖·q) per unit of t,
 * for sectional curvatures of size K (the curvature term R(m, ν)ν). An estimate after N samples averages these
 * differences with weights 1/N, so as long as ‖m‖ stays below {@code a√s/(√i·q)} their contribution stays below a
 * fixed fraction (of order aK) of the statistical error √(s/N), and it shrinks with N as that error does: the estimate
 * converges to the Fréchet mean, and close to the exact scheme's estimate (the deviations have no preferred direction
 * and largely cancel). The bound takes the curvature to be of order one in the manifold's units, as on the unit
 * sphere, the Grassmannian with the principal-angle metric and hyperbolic space. It asks for few re-centres where the
 * samples are concentrated (a handful over 10⁵ samples of GPD(X, 2) on Gr(100,5)) and for many where they are spread
 * (hyperbolic space with a unit wrapped normal).
 *
 * <p>A sample the centre's chart cannot read moves the centre to the estimate for a second try; if the estimate's own
 * chart cannot read it either, the sample lies at the estimate's cut locus, where the logarithm is not unique: the
 * mean of the logarithms along all minimizing geodesics is zero by symmetry, and the estimate stays where it is. A
 * quasi-Euclidean state ({@link ChartRunningMean}) instead reports a sample nothing reaches, and the mean names it.
 */
final class RunningMeanEstimator implements MeanEstimator {
    /** The bound a of the re-centring rule: errors within 0.2% of the exact scheme's in the bias table. */
    static final double RECENTRE_BOUND = 0.3;

    private final Manifold manifold;
    private final RunningMean normal;
    private final boolean recentres;
    private final boolean skipsCutLocus;
    private RunningMean.State state;
    private long samples;

    private RunningMeanEstimator(Manifold manifold, RunningMean normal, boolean recentres, boolean skipsCutLocus) {
        this.manifold = manifold;
        this.normal = normal;
        this.recentres = recentres;
        this.skipsCutLocus = skipsCutLocus;
    }

    /** @return the consistent scheme on normal coordinates (a fused or exact {@link RunningMean}) */
    static RunningMeanEstimator consistent(Manifold manifold, RunningMean normal) {
        return new RunningMeanEstimator(manifold, normal, true, true);
    }

    /** @return quasi-Euclidean steps in a chart that the rule re-centres at the estimate */
    static RunningMeanEstimator centred(Manifold manifold, ChartRunningMean quasi) {
        return new RunningMeanEstimator(manifold, quasi, true, false);
    }

    /** @return Alg. 1 as printed: quasi-Euclidean steps, no re-centring */
    static RunningMeanEstimator alg1(Manifold manifold, ChartRunningMean quasi) {
        return new RunningMeanEstimator(manifold, quasi, false, false);
    }

    @Override
    public void initialize(double[] first) {
        state = normal.start(manifold.locate(first));
        samples = 1;
    }

    @Override
    public boolean update(double[] sample, double t) {
        if (recentres) {
            double offset = state.offset();
            double spread = state.spread();
            double q = state.curvatureSpread();
            double bound2 = RECENTRE_BOUND * RECENTRE_BOUND;
            if (offset > 0 && spread > 0 && samples * offset * offset * q * q >= bound2 * spread) {
                state.recentre();
            }
        }
        boolean added = state.add(sample, t);
        if (!added && recentres && state.offset() > 0) {
            state.recentre();
            added = state.add(sample, t);
        }
        if (added || skipsCutLocus) {
            samples++;
            return true;
        }
        return false;
    }

    @Override
    public boolean rejectsNonFinite() {
        return state != null && state.rejectsNonFinite();
    }

    @Override
    public double[] ambient() {
        return manifold.embed(state.point());
    }

    @Override
    public long chartChanges() {
        return state.chartChanges();
    }

    @Override
    public Optional<ChartPoint> chartPoint() {
        return Optional.of(state.point());
    }
}
