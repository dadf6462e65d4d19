package org.example.hyperbolic;

import java.util.Optional;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.base.AtlasManifold;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.LengthScale;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Hyperbolic space H^n in the hyperboloid model: {@code {x ∈ R^{n+1} : ⟨x, x⟩_L = −1, x₀ > 0}} with the Minkowski
 * product {@code ⟨u, v⟩_L = −u₀v₀ + Σ uᵢvᵢ} on its tangent spaces. That metric is not the one R^{n+1} induces, so the
 * manifold states it ({@link Minkowski}, passed to {@link AtlasManifold}'s constructor), and everything metric the SPI
 * computes generically follows it.
 *
 * <p>What is written here is only what is H^n's own: the dimensions, the atlas (a Poincaré-ball chart centred at
 * every point, see {@code PoincareChart}), ingestion of ambient points and the membership check. The primitives (the
 * quasi-Euclidean retraction, which walks a long step across charts instead of leaving a chart's bounded image, its
 * inverse, the differential vector transport and the pull-back metric) come from {@link AtlasManifold}. Capabilities:
 * closed-form geometry ({@link ExactGeometry}, from which {@code AtlasManifold} derives geodesics), a wrapped Gaussian
 * sampler ({@link Sampler}; H^n has no uniform distribution) and the {@link LengthScale} the conformance kit tests at.
 *
 * <p>The hyperboloid model loses digits far from the origin: coordinates grow like e^d at distance d and Minkowski
 * products of nearby points cancel, so at distance 10 from the origin about 7 of the 16 digits are left. The sampler's
 * points lie within a few units of the origin.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class HyperbolicSpace extends AtlasManifold {
    /**
     * Largest accepted relative defect {@code |⟨x, x⟩_L + 1| / x₀²} of an ambient point: loose enough for data stored
     * in single precision, and relative because far from the origin the coordinates are large.
     */
    public static final double ON_MANIFOLD_TOLERANCE = 1e-6;
    /** The declared length scale, the unit of the conformance kit's steps: half a chart's trust radius. */
    public static final double LENGTH_SCALE = 0.5 * PoincareChart.TRUST_RADIUS;

    private final int n;
    private final HyperbolicAtlas atlas = new HyperbolicAtlas();

    private HyperbolicSpace(int n) {
        super(Minkowski.METRIC);
        this.n = n;
        provide(ExactGeometry.class, new HyperboloidGeometry(n));
        provide(Sampler.class, new WrappedGaussian(this));
        provide(LengthScale.class, new LengthScale(LENGTH_SCALE,
                "half the trust radius of the Poincaré-ball charts, whose images are bounded"));
    }

    /**
     * @param n the dimension, ≥ 1
     * @return H^n ⊂ R^{n+1}
     * @throws InvalidInputException if n &lt; 1
     */
    public static HyperbolicSpace of(int n) {
        if (n < 1) {
            throw new InvalidInputException("n", "an integer ≥ 1 (H^n ⊂ R^{n+1})", String.valueOf(n));
        }
        return new HyperbolicSpace(n);
    }

    @Override
    public String name() {
        return "H^" + n;
    }

    @Override
    public int dimension() {
        return n;
    }

    @Override
    public int ambientDimension() {
        return n + 1;
    }

    @Override
    public HyperbolicAtlas atlas() {
        return atlas;
    }

    /** {@inheritDoc} The point lands at the centre of a new chart. */
    @Override
    public ChartPoint locate(double[] ambient) {
        double[] x = ingest(ambient);
        return new ChartPoint(atlas.chartAt(x), Coordinates.zeros(n));
    }

    /** {@inheritDoc} Never empty: every Poincaré-ball chart represents every point of H^n. */
    @Override
    public Optional<ChartPoint> coordinatesIn(Chart chart, double[] ambient) {
        double[] x = ingest(ambient);
        if (!(chart instanceof PoincareChart c) || chart.dimension() != n) {
            throw new InvalidInputException("chart", "a chart of " + name(), String.valueOf(chart));
        }
        return Optional.of(new ChartPoint(chart, Coordinates.ofComputed("coordinatesIn", c.project(x))));
    }

    @Override
    public Optional<Defect> checkPoint(double[] ambient) {
        if (!(ambient[0] > 0)) {
            return Optional.of(new Defect("x₀ > 0 (the upper sheet)", ambient[0], 0));
        }
        double defect = Math.abs(Minkowski.dot(ambient, ambient) + 1) / (ambient[0] * ambient[0]);
        return defect <= ON_MANIFOLD_TOLERANCE ? Optional.empty()
                : Optional.of(new Defect("⟨x, x⟩_L = −1 (relative to x₀²)", defect, ON_MANIFOLD_TOLERANCE));
    }

    /** Validates an ambient point and returns it exactly on the hyperboloid. */
    private double[] ingest(double[] ambient) {
        Checks.requireFiniteOfLength("ambient", ambient, n + 1, "ambient dimension of " + name());
        Checks.requireOnManifold("ambient", ambient, this::checkPoint);
        return Minkowski.normalized(ambient);
    }
}
