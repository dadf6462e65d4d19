package org.atlasgraph.optim.boundary;

import java.util.Optional;
import org.atlasgraph.api.AmbientMetric;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartId;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.InverseRetraction;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.VectorTransport;
import org.atlasgraph.api.base.AtlasManifold;
import org.atlasgraph.api.check.Defect;

/**
 * A test fixture: the Klein bottle of 3×3 high-contrast patches (§4.3.1) with its exact parametrization
 * {@code k_{θ,φ}(x, y) = cos φ (x cos θ + y sin θ)² + sin φ (x cos θ + y sin θ)} in charts of parameters (θ, φ) on the
 * universal cover R², the induced metric, and a logarithm that picks the nearest representative of the deck group
 * {@code (θ, φ) ↦ (θ + mπ, (−1)^m φ + 2πn)}. It checks that the principal boundary works on a provider other than the
 * sphere, with the geometry of the paper's example but without the approximation error of a learned atlas. It has no
 * capabilities.
 */
final class ExactKleinBottle extends AtlasManifold {
    static final int AMBIENT = 9;
    private static final double TOLERANCE = 1e-8;

    private final java.util.concurrent.atomic.AtomicLong serial = new java.util.concurrent.atomic.AtomicLong();

    ExactKleinBottle() {
        super(AmbientMetric.INDUCED);
    }

    /** The patch k_{θ,φ}, row-major with y = −1, 0, 1 down the rows. */
    static double[] patch(double theta, double phi) {
        double[] p = new double[AMBIENT];
        for (int y = -1; y <= 1; y++) {
            for (int x = -1; x <= 1; x++) {
                double u = x * Math.cos(theta) + y * Math.sin(theta);
                p[3 * (y + 1) + (x + 1)] = Math.cos(phi) * u * u + Math.sin(phi) * u;
            }
        }
        return p;
    }

    /** The Jacobian columns ∂k/∂θ and ∂k/∂φ. */
    static double[][] jacobian(double theta, double phi) {
        double[][] j = new double[2][AMBIENT];
        for (int y = -1; y <= 1; y++) {
            for (int x = -1; x <= 1; x++) {
                int i = 3 * (y + 1) + (x + 1);
                double u = x * Math.cos(theta) + y * Math.sin(theta);
                double du = -x * Math.sin(theta) + y * Math.cos(theta);
                j[0][i] = (2 * Math.cos(phi) * u + Math.sin(phi)) * du;
                j[1][i] = -Math.sin(phi) * u * u + Math.cos(phi) * u;
            }
        }
        return j;
    }

    private static final int THETA_GRID = 64;
    private static final int PHI_GRID = 128;
    /** The patches of the start grid of {@link #angles}, computed once. */
    private static final double[][] GRID = new double[THETA_GRID * PHI_GRID][];

    static {
        for (int i = 0; i < THETA_GRID; i++) {
            for (int k = 0; k < PHI_GRID; k++) {
                GRID[i * PHI_GRID + k] = patch(Math.PI * i / THETA_GRID, 2 * Math.PI * k / PHI_GRID);
            }
        }
    }

    /** Parameters of the patch nearest to x: grid search, then Gauss–Newton. */
    static double[] angles(double[] x) {
        int bestIndex = 0;
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < GRID.length; i++) {
            double e = squaredDistance(GRID[i], x);
            if (e < best) {
                best = e;
                bestIndex = i;
            }
        }
        double[] tp = {Math.PI * (bestIndex / PHI_GRID) / THETA_GRID, 2 * Math.PI * (bestIndex % PHI_GRID) / PHI_GRID};
        for (int it = 0; it < 30; it++) {
            double[] r = patch(tp[0], tp[1]);
            for (int i = 0; i < AMBIENT; i++) {
                r[i] = x[i] - r[i];
            }
            double[] step = leastSquares(jacobian(tp[0], tp[1]), r);
            tp[0] += step[0];
            tp[1] += step[1];
        }
        return tp;
    }

    /** Solves min ‖J s − v‖ for the 9×2 matrix with columns j[0], j[1]. */
    static double[] leastSquares(double[][] j, double[] v) {
        double a = dot(j[0], j[0]);
        double b = dot(j[0], j[1]);
        double c = dot(j[1], j[1]);
        double r0 = dot(j[0], v);
        double r1 = dot(j[1], v);
        double det = a * c - b * b;
        return new double[] {(c * r0 - b * r1) / det, (a * r1 - b * r0) / det};
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    static double squaredDistance(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return s;
    }

    @Override
    public String name() {
        return "Klein bottle (exact)";
    }

    @Override
    public int dimension() {
        return 2;
    }

    @Override
    public int ambientDimension() {
        return AMBIENT;
    }

    @Override
    public AtlasGraph atlas() {
        return new AtlasGraph() {
            @Override
            public Optional<Transition> transition(Chart from, Chart to) {
                return Optional.empty();
            }

            @Override
            public ChartPoint changeChart(ChartPoint q) {
                return q;
            }
        };
    }

    @Override
    public ChartPoint locate(double[] ambient) {
        return new ChartPoint(new CoverChart(new ChartId("klein-cover-" + serial.incrementAndGet())),
                Coordinates.of(angles(ambient)));
    }

    /** {@inheritDoc} Always empty: without a base point the chart of the cover cannot pick a representative. */
    @Override
    public Optional<ChartPoint> coordinatesIn(Chart c, double[] ambient) {
        return Optional.empty();
    }

    @Override
    public Optional<Defect> checkPoint(double[] ambient) {
        double[] tp = angles(ambient);
        double d = Math.sqrt(squaredDistance(patch(tp[0], tp[1]), ambient));
        return d <= TOLERANCE ? Optional.empty()
                : Optional.of(new Defect("distance to the Klein bottle", d, TOLERANCE));
    }

    @Override
    public Retraction retraction() {
        return (p, tau) -> Optional.of(new ChartPoint(p.chart(), p.xi().plus(tau.tau())));
    }

    /** The parameter difference to the nearest deck-group representative of q. */
    @Override
    public InverseRetraction inverseRetraction() {
        return (p, q) -> {
            double[] near = nearestCopy(p.xi(), q.xi());
            return Optional.of(p.tangent(Coordinates.of(near[0] - p.xi().get(0), near[1] - p.xi().get(1))));
        };
    }

    /**
     * The differential of the deck transformation that carries p to the copy nearest q: the identity, or
     * {@code (a, b) ↦ (a, −b)} when the copy is reached by an odd number of half-turns in θ.
     */
    @Override
    public VectorTransport vectorTransport() {
        return (p, tau, q) -> {
            double[] near = nearestCopy(q.xi(), p.xi());
            return q.tangent(near[2] == 0 ? tau.tau() : Coordinates.of(tau.tau().get(0), -tau.tau().get(1)));
        };
    }

    /** @return {θ, φ, parity} of the copy of q nearest to p under (θ, φ) ↦ (θ + mπ, (−1)^m φ + 2πn) */
    private static double[] nearestCopy(Coordinates p, Coordinates q) {
        double[] best = null;
        double bestD = Double.POSITIVE_INFINITY;
        for (int m = -3; m <= 3; m++) {
            double t = q.get(0) + m * Math.PI;
            double f = (m % 2 == 0 ? 1 : -1) * q.get(1);
            f += 2 * Math.PI * Math.rint((p.get(1) - f) / (2 * Math.PI));
            double dist = (t - p.get(0)) * (t - p.get(0)) + (f - p.get(1)) * (f - p.get(1));
            if (dist < bestD) {
                bestD = dist;
                best = new double[] {t, f, Math.abs(m % 2)};
            }
        }
        return best;
    }

    @Override
    public Metric metric() {
        return new Metric() {
            @Override
            public double inner(ChartPoint p, TangentVector u, TangentVector v) {
                double[][] j = jacobian(p.xi().get(0), p.xi().get(1));
                double[] ju = new double[AMBIENT];
                double[] jv = new double[AMBIENT];
                for (int i = 0; i < AMBIENT; i++) {
                    ju[i] = j[0][i] * u.tau().get(0) + j[1][i] * u.tau().get(1);
                    jv[i] = j[0][i] * v.tau().get(0) + j[1][i] * v.tau().get(1);
                }
                return dot(ju, jv);
            }

            @Override
            public TangentVector raise(ChartPoint p, Coordinates covector) {
                double[][] j = jacobian(p.xi().get(0), p.xi().get(1));
                double a = dot(j[0], j[0]);
                double b = dot(j[0], j[1]);
                double c = dot(j[1], j[1]);
                double det = a * c - b * b;
                double w0 = covector.get(0);
                double w1 = covector.get(1);
                return p.tangent(Coordinates.of((c * w0 - b * w1) / det, (a * w1 - b * w0) / det));
            }
        };
    }

    /**
     * A chart of parameters (θ, φ) on the universal cover. Every located point gets its own (identical) chart, so that
     * points are never compared by raw coordinates, which differ between copies of the fundamental domain.
     */
    private static final class CoverChart implements Chart {
        private final ChartId id;

        CoverChart(ChartId id) {
            this.id = id;
        }

        @Override
        public ChartId id() {
            return id;
        }

        @Override
        public int dimension() {
            return 2;
        }

        @Override
        public boolean contains(Coordinates xi) {
            return true;
        }

        @Override
        public double[] toAmbient(Coordinates xi) {
            return patch(xi.get(0), xi.get(1));
        }

        @Override
        public double[] pushForward(Coordinates xi, Coordinates tau) {
            double[][] j = jacobian(xi.get(0), xi.get(1));
            double[] v = new double[AMBIENT];
            for (int i = 0; i < AMBIENT; i++) {
                v[i] = j[0][i] * tau.get(0) + j[1][i] * tau.get(1);
            }
            return v;
        }

        @Override
        public Coordinates tangentCoordinates(Coordinates xi, double[] ambient) {
            return Coordinates.of(leastSquares(jacobian(xi.get(0), xi.get(1)), ambient));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CoverChart c && c.id.equals(id);
        }

        @Override
        public int hashCode() {
            return id.hashCode();
        }
    }
}
