package org.atlasgraph.optim.mean;

import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.RunningMean;

/**
 * The {@link RunningMean} update composed from closed-form geometry, for manifolds that have {@link ExactGeometry} but
 * no fused update of their own (the kit's hyperbolic space, a newcomer's provider): the centre c is an ambient point,
 * the estimate its normal coordinates {@code m = Log_c M} as an ambient tangent vector at c, and a sample is read with
 * the exact logarithm, {@code ν = Log_c X}. No chart is needed, so the state never changes chart except when it is
 * re-centred; the cost per sample is one logarithm (the exp scheme pays a logarithm and an exponential). At the cut
 * locus of the centre the sample is whatever the manifold's logarithm makes of it.
 */
final class ExactRunningMean implements RunningMean {
    private final Manifold manifold;
    private final ExactGeometry exact;

    ExactRunningMean(Manifold manifold, ExactGeometry exact) {
        this.manifold = manifold;
        this.exact = exact;
    }

    @Override
    public State start(ChartPoint p) {
        return new Exact(manifold.embed(p));
    }

    private final class Exact implements State {
        private double[] centre;
        private double[] m;
        private double spread;
        private long changes;

        Exact(double[] centre) {
            this.centre = centre;
            this.m = new double[centre.length];
        }

        @Override
        public boolean add(double[] ambient, double t) {
            double[] nu = exact.log(centre, ambient);
            for (int i = 0; i < m.length; i++) {
                m[i] += t * (nu[i] - m[i]);
            }
            spread += t * (norm2(nu) - spread);
            return true;
        }

        @Override
        public double offset() {
            return Math.sqrt(norm2(m));
        }

        private double norm2(double[] v) {
            return Math.max(manifold.ambientMetric().inner(centre, v, v), 0);
        }

        @Override
        public double spread() {
            return spread;
        }

        @Override
        public void recentre() {
            if (offset() > 0) {
                centre = exact.exp(centre, m);
                m = new double[centre.length];
                changes++;
            }
        }

        @Override
        public ChartPoint point() {
            return manifold.locate(offset() > 0 ? exact.exp(centre, m) : centre);
        }

        @Override
        public long chartChanges() {
            return changes;
        }
    }
}
