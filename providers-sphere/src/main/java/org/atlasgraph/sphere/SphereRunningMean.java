package org.atlasgraph.sphere;

import java.util.Arrays;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.capability.RunningMean;
import org.atlasgraph.api.check.Checks;

/**
 * The {@link RunningMean} of S^{n-1}: the estimate in normal coordinates at the centre c of a gnomonic chart, samples
 * read with the chart's normal-coordinate correction. A sample x has tangential part {@code Bᵀx} (B the chart's
 * tangent basis) and {@code c·x = cos θ}, so {@code Log_c x = (θ / ‖Bᵀx‖)·Bᵀx} with θ = atan2(‖Bᵀx‖, c·x): exact for
 * every x but the antipode of c (and points within sin θ &lt; {@value #CUT_LOCUS} of it), including samples beyond the
 * chart's hemisphere, where the gnomonic coordinates {@code Bᵀx / (c·x)} (of length tan θ) do not exist. O(n) per
 * sample, no allocation. The estimate leaves the chart's domain of trust (45°, ‖ξ‖ &lt; 1) when ‖m‖ ≥ π/4; the state
 * then re-centres at it.
 */
final class SphereRunningMean implements RunningMean {
    /** The distance from the centre at which the estimate leaves the gnomonic chart's domain of trust, tan⁻¹ 1. */
    static final double TRUST_DISTANCE = Math.PI / 4;
    /**
     * Beyond 90°, a sample whose distance from the antipode, sin θ, is below this is numerically at the cut locus: the
     * direction of its logarithm is known to fewer than 4 digits (the Grassmannian's singular-pivot threshold).
     */
    static final double CUT_LOCUS = 1e-12;

    private final Sphere sphere;
    private final SphereAtlas atlas;

    SphereRunningMean(Sphere sphere, SphereAtlas atlas) {
        this.sphere = sphere;
        this.atlas = atlas;
    }

    @Override
    public State start(ChartPoint p) {
        double[] centre = p.chart().toAmbient(p.xi());
        return new Normal(p.chart() instanceof GnomonicChart g && p.xi().norm() == 0 ? g : atlas.chartAt(centre));
    }

    private final class Normal implements State {
        private final int d;
        private final double[] m;
        private final double[] nu;
        private GnomonicChart chart;
        private double offset;
        private double spread;
        private long changes;

        Normal(GnomonicChart chart) {
            this.chart = chart;
            this.d = chart.dimension();
            this.m = new double[d];
            this.nu = new double[d];
        }

        @Override
        public boolean add(double[] ambient, double t) {
            if (ambient.length != d + 1) {
                Checks.requireFiniteOfLength("ambient", ambient, d + 1, "ambient dimension of " + sphere.name());
            }
            double norm2 = 0;
            for (double v : ambient) {
                norm2 += v * v;
            }
            if (!(Math.abs(Math.sqrt(norm2) - 1) <= Sphere.UNIT_TOLERANCE)) {
                Checks.requireFiniteOfLength("ambient", ambient, d + 1, "ambient dimension of " + sphere.name());
                Checks.requireOnManifold("ambient", ambient, sphere::checkPoint);
            }
            double sine = Math.sqrt(chart.tangentBasisTransposeTimes(ambient, nu));
            double cosine = chart.centreDot(ambient);
            if (sine < CUT_LOCUS && !(cosine > 0)) {
                return false;
            }
            double theta = Math.atan2(sine, cosine);
            double f = sine == 0 ? 0 : theta / sine;
            double s = 0;
            for (int i = 0; i < d; i++) {
                double v = m[i] + t * (f * nu[i] - m[i]);
                m[i] = v;
                s += v * v;
            }
            offset = Math.sqrt(s);
            spread += t * (theta * theta - spread);
            if (offset >= TRUST_DISTANCE) {
                recentre();
            }
            return true;
        }

        @Override
        public double offset() {
            return offset;
        }

        @Override
        public double spread() {
            return spread;
        }

        @Override
        public void recentre() {
            if (offset > 0) {
                chart = atlas.chartAt(chart.toAmbient(coordinates()));
                Arrays.fill(m, 0);
                offset = 0;
                changes++;
            }
        }

        /** @return the gnomonic coordinates of Exp_c(m): {@code tan‖m‖ · m/‖m‖} */
        private Coordinates coordinates() {
            double f = offset > 0 ? Math.tan(offset) / offset : 1;
            double[] xi = new double[d];
            for (int i = 0; i < d; i++) {
                xi[i] = f * m[i];
            }
            return Coordinates.ofComputed("point", xi);
        }

        @Override
        public ChartPoint point() {
            return new ChartPoint(chart, coordinates());
        }

        @Override
        public long chartChanges() {
            return changes;
        }
    }
}
