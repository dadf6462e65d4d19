package org.atlasgraph.optim.boundary;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.InverseRetraction;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.VectorTransport;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The Riemannian principal boundary of Yao and Zhang (2020) with the modifications of App. E.2, on any atlas-graph
 * manifold of dimension 2 (§5).
 *
 * <p>Three curves are integrated together by forward Euler steps of length η, each step a retraction:
 * <ul>
 *   <li>the principal flows γ⁺ and γ⁻ of the two classes, {@code γ̇ = W(γ) + α(I − WWᵀ)(mean_i Log_γ x_i)} (eq. E.1),
 *       where W is the top eigenvector of the local covariance {@code Σ_h(γ) = mean Log_γ(x_i) Log_γ(x_i)ᵀ} of the
 *       class's points within radius h (indicator kernel), with its sign chosen to agree with the previous direction
 *       transported to the new point (the sign alignment of App. E.2); the products are the metric's;</li>
 *   <li>the principal boundary b, {@code ḃ = ½(T_{γ⁺→b} W⁺ + T_{γ⁻→b} W⁻) + β · ½(Log_b γ⁺ + Log_b γ⁻)}: the average
 *       with the paper's λ = ½ of the flows' directions transported to b, plus an optional pull toward the midpoint of
 *       the flows.</li>
 * </ul>
 * Unless start points are given, the flows start from the closest pair of points of the two classes (where an SVM
 * would put its support vectors), each first moved across its class to its centre line by the α-correction alone, so
 * that they start abreast; b starts at the midpoint of the discrete geodesic between them. The − direction is oriented
 * to agree with the + direction transported to it, so that both flows run the same way. The default h is
 * {@link #suggestRadius}.
 *
 * <p>Deviations from the paper, and why.
 * <ol>
 *   <li>The neighbours of a flow point are the class's points within h along a k-nearest-neighbour graph of the class,
 *       and their logarithms are accumulated along the shortest-path tree ({@code NeighbourGraph}: Alg. 3 in
 *       single-source form, one search per step instead of one per neighbour). h must exceed a class's half-width for
 *       its neighbourhoods to be elongated, and on the Klein bottle that is several chart radii, where a chart
 *       difference or a projected chord is no longer a usable logarithm.</li>
 *   <li>Transports from γ± to b, and the logarithms Log_b γ±, go link by link along a relaxed discrete geodesic
 *       ({@code GeodesicChain}) rather than in one jump, because one jump across the class separation is only
 *       first-order accurate (§4.2.4).</li>
 *   <li>Yao and Zhang choose λ_δ(t) to keep the boundary between the flows; the paper fixes λ = ½ and so do we, and
 *       add the β term instead: where the two flows are longer or shorter than the boundary (parallel curves on a
 *       curved surface have different lengths), the boundary would otherwise run ahead of or fall behind the flows
 *       that steer it. β = 0 gives the paper's ODE exactly.</li>
 *   <li>Between nearby points (neighbours, chain links, consecutive curve points) logarithms and transports are the
 *       first-order ones of §2.4 and §4.2.4 ({@code BoundaryPrimitives}), never the manifold's long-range ones, which a
 *       learned atlas answers with a shortest-path search; and every curve point is located afresh after its step,
 *       so that it stays in the chart that fits the data best.</li>
 * </ol>
 *
 * <p>Instances are immutable; configure them with {@link #on(Manifold)}.
 */
public final class PrincipalBoundary {
    /** The paper's number of Euler steps (§5). */
    public static final int DEFAULT_ITERATIONS = 2000;
    /** Default α of eq. E.1, per unit of h: α = {@value} / h pulls a flow back over a few multiples of h. */
    public static final double DEFAULT_ALPHA_TIMES_RADIUS = 1.0;
    /**
     * Default step as a fraction of h: small against the scale on which the local statistics change, and long enough
     * that the paper's 2000 steps take the flows of the Klein-bottle example twice round (their θ-loops are about
     * 2.2·h long there), which the boundary needs to trace both of its lines.
     */
    public static final double DEFAULT_STEP_PER_RADIUS = 0.0025;
    /** Default β, per unit of step: β · η = {@value} relaxes the boundary toward the flows' midpoint in ~50 steps. */
    public static final double DEFAULT_CORRECTION_TIMES_STEP = 0.02;
    /** Default number of links of each flow-to-boundary chain. */
    public static final int DEFAULT_CHAIN_LINKS = 16;
    /** Default minimum number of neighbours a flow point needs: d + 1 = 3 points span a 2-dimensional covariance. */
    public static final int DEFAULT_MIN_NEIGHBOURS = 3;

    private static final int RELAX_SWEEPS = 2;
    private static final int SETTLE_ITERATIONS = 100;
    private static final double SETTLE_TOLERANCE = 1e-3;
    private static final int SUGGESTION_NEIGHBOURS = 10;

    private final Manifold manifold;
    private final BoundaryPrimitives primitives;
    private final OptionalDouble radius;
    private final OptionalDouble alpha;
    private final OptionalDouble step;
    private final int iterations;
    private final OptionalDouble boundaryCorrection;
    private final int chainLinks;
    private final int minNeighbours;
    private final Optional<double[]> plusStart;
    private final Optional<double[]> minusStart;
    private final String plusName;
    private final String minusName;
    private final BoundaryListener listener;

    private PrincipalBoundary(Builder b) {
        this.manifold = b.manifold;
        this.primitives = new BoundaryPrimitives(b.manifold, b.retraction, b.log, b.localLog, b.transport, b.metric);
        this.radius = b.radius;
        this.alpha = b.alpha;
        this.step = b.step;
        this.iterations = b.iterations;
        this.boundaryCorrection = b.boundaryCorrection;
        this.chainLinks = b.chainLinks;
        this.minNeighbours = b.minNeighbours;
        this.plusStart = b.plusStart;
        this.minusStart = b.minusStart;
        this.plusName = b.plusName;
        this.minusName = b.minusName;
        this.listener = b.listener;
    }

    /**
     * Starts the configuration of a principal boundary on a manifold of dimension 2, with the manifold's primitives.
     *
     * @param manifold the manifold
     * @return a builder
     * @throws InvalidInputException if the manifold's dimension is not 2
     */
    public static Builder on(Manifold manifold) {
        Objects.requireNonNull(manifold, "manifold");
        if (manifold.dimension() != 2) {
            throw new InvalidInputException("manifold", "dimension 2 (a principal boundary is a curve that separates"
                    + " a surface)", "dimension " + manifold.dimension() + " (" + manifold.name() + ")");
        }
        return new Builder(manifold);
    }

    /**
     * Fits the two principal flows and the principal boundary between the classes.
     *
     * @param plus  the ambient points of the first class (not modified)
     * @param minus the ambient points of the second class (not modified)
     * @return the three curves and the classifier
     * @throws InvalidInputException if a class has fewer points than a flow needs neighbours, a point is malformed or
     *     off the manifold, h is too small to find neighbours at a flow's start (the message suggests a value), or a
     *     flow leaves the data during the integration
     */
    public BoundaryFit fit(List<double[]> plus, List<double[]> minus) {
        ClassSample p = ingest(plusName, plus);
        ClassSample m = ingest(minusName, minus);
        NeighbourGraph pg = NeighbourGraph.of(p, primitives);
        NeighbourGraph mg = NeighbourGraph.of(m, primitives);
        double h = radius.orElseGet(() -> RadiusSelection.suggest(p, pg, m, mg, primitives));
        double eta = step.orElse(DEFAULT_STEP_PER_RADIUS * h);
        BoundaryParameters parameters = new BoundaryParameters(h, alpha.orElse(DEFAULT_ALPHA_TIMES_RADIUS / h), eta,
                iterations, boundaryCorrection.orElse(DEFAULT_CORRECTION_TIMES_STEP / eta), chainLinks);
        return new Integration(parameters, p, pg, m, mg).run();
    }

    /**
     * The kernel radius h that {@link #fit} uses when none is given: the smallest radius at which the neighbourhoods of
     * both classes are elongated (median λ₂/λ₁ of the local covariance ≤ 0.4 over sample points), with a margin of 25%.
     * Below the half-width of a class a neighbourhood is a disc, and its top eigenvector is noise.
     *
     * @param plus  the ambient points of the first class (not modified)
     * @param minus the ambient points of the second class (not modified)
     * @return h &gt; 0
     * @throws InvalidInputException as {@link #fit} for malformed classes
     */
    public double suggestRadius(List<double[]> plus, List<double[]> minus) {
        ClassSample p = ingest(plusName, plus);
        ClassSample m = ingest(minusName, minus);
        return RadiusSelection.suggest(p, NeighbourGraph.of(p, primitives), m, NeighbourGraph.of(m, primitives),
                primitives);
    }

    private ClassSample ingest(String name, List<double[]> points) {
        Objects.requireNonNull(points, name);
        String label = "class '" + name + "'";
        if (points.size() < minNeighbours) {
            throw new InvalidInputException(label, "at least " + minNeighbours + " training points",
                    points.size() == 0 ? "none" : String.valueOf(points.size()));
        }
        List<ChartPoint> located = new ArrayList<>(points.size());
        List<double[]> ambient = new ArrayList<>(points.size());
        for (int i = 0; i < points.size(); i++) {
            String input = label + " point " + i;
            double[] x = Checks.requireFiniteOfLength(input, points.get(i), manifold.ambientDimension(),
                    "ambient dimension of " + manifold.name());
            ChartPoint q = locate(input, x);
            located.add(q);
            ambient.add(manifold.embed(q));
        }
        return new ClassSample(name, located, ambient);
    }

    /** Locates a point of finite entries after checking that it is on the manifold, naming it if it is not. */
    private ChartPoint locate(String input, double[] x) {
        return manifold.locate(Checks.requireOnManifold(input, x, manifold::checkPoint));
    }

    /** One run of the integration: the mutable state of the three curves and the two chains. */
    private final class Integration {
        private final BoundaryParameters parameters;
        private final ClassSample plus;
        private final ClassSample minus;
        private final BoundaryPrimitives g = primitives;
        private final NeighbourGraph plusGraph;
        private final NeighbourGraph minusGraph;

        Integration(BoundaryParameters parameters, ClassSample plus, NeighbourGraph plusGraph, ClassSample minus,
                    NeighbourGraph minusGraph) {
            this.parameters = parameters;
            this.plus = plus;
            this.minus = minus;
            this.plusGraph = plusGraph;
            this.minusGraph = minusGraph;
        }

        private LocalStatistics statistics(ClassSample s, ChartPoint p) {
            NeighbourGraph graph = s == plus ? plusGraph : minusGraph;
            return LocalStatistics.of(p, graph.logsWithin(p, parameters.radius(), g), g);
        }

        BoundaryFit run() {
            double h = parameters.radius();
            int k = parameters.chainLinks();
            int[] closest = ClassSample.closestPair(plus, minus);
            ChartPoint gp = plusStart.map(x -> locateStart(plusName, x))
                    .orElseGet(() -> settle(plus, plus.point(closest[0])));
            LocalStatistics sp = require(plus, gp, 0);
            ChartPoint gm = minusStart.map(x -> locateStart(minusName, x))
                    .orElseGet(() -> settle(minus, minus.point(closest[1])));
            LocalStatistics sm = require(minus, gm, 0);

            GeodesicChain joint = GeodesicChain.shoot(gp, gm, 2 * k, g);
            joint.relax((2 * k) * (2 * k), g);
            ChartPoint b = joint.point(k);
            GeodesicChain toPlus = joint.headTo(k);
            GeodesicChain toMinus = joint.tailFrom(k);

            TangentVector wp = sp.direction();
            TangentVector wm = sm.direction();
            if (g.inner(gm, wm, joint.transportToLast(wp, g)) < 0) {
                wm = wm.scale(-1);
            }

            List<ChartPoint> plusCurve = new ArrayList<>();
            List<ChartPoint> minusCurve = new ArrayList<>();
            List<ChartPoint> boundaryCurve = new ArrayList<>();
            List<TangentVector> normals = new ArrayList<>();
            double eta = parameters.step();
            for (int t = 0; ; t++) {
                if (t > 0) {
                    sp = require(plus, gp, t);
                    sm = require(minus, gm, t);
                    wp = aligned(gp, sp.direction(), wp);
                    wm = aligned(gm, sm.direction(), wm);
                }
                TangentVector tp = toPlus.transportToFirst(wp, g);
                TangentVector tm = toMinus.transportToFirst(wm, g);
                if (g.inner(b, tp, tm) < 0) {
                    tm = tm.scale(-1);
                }
                TangentVector direction = tp.plus(tm).scale(0.5);
                TangentVector logPlus = toPlus.logOfLast(g);
                TangentVector logMinus = toMinus.logOfLast(g);
                plusCurve.add(gp);
                minusCurve.add(gm);
                boundaryCurve.add(b);
                normals.add(normal(b, direction, logPlus, logMinus));
                if (t == parameters.iterations()) {
                    break;
                }
                TangentVector vp = flowVelocity(gp, wp, sp.meanLog());
                TangentVector vm = flowVelocity(gm, wm, sm.meanLog());
                TangentVector vb = direction.plus(logPlus.plus(logMinus).scale(0.5 * parameters.boundaryCorrection()));
                TangentVector stepPlus = vp.scale(eta);
                TangentVector stepMinus = vm.scale(eta);
                TangentVector stepBoundary = vb.scale(eta);
                ChartPoint gpNext = step(gp, stepPlus, "principal flow of class '" + plusName + "'", t);
                ChartPoint gmNext = step(gm, stepMinus, "principal flow of class '" + minusName + "'", t);
                ChartPoint bNext = step(b, stepBoundary, "principal boundary", t);
                wp = g.nearTransport(gp, wp, gpNext);
                wm = g.nearTransport(gm, wm, gmNext);
                gp = gpNext;
                gm = gmNext;
                b = bNext;
                toPlus.moveEnds(bNext, stepBoundary, gpNext, stepPlus, g);
                toMinus.moveEnds(bNext, stepBoundary, gmNext, stepMinus, g);
                toPlus = maintained(toPlus);
                toMinus = maintained(toMinus);
                listener.onStep(t + 1, parameters.iterations());
            }
            return new BoundaryFit(g, parameters, plusName, minusName,
                    new Curve("principal flow of class '" + plusName + "'", plusCurve, manifold),
                    new Curve("principal flow of class '" + minusName + "'", minusCurve, manifold),
                    new Curve("principal boundary", boundaryCurve, manifold), normals);
        }

        /**
         * One Euler step, {@code Ret_p(τ)}, after which the point is located afresh in the chart the atlas prefers for
         * it. Why: on a learned atlas a chart's domain of trust can reach beyond where its quadratic fits the data, and
         * a curve that stayed in one chart would follow the quadratic off the manifold; locating also checks that the
         * point is still on the manifold.
         *
         * @throws InvalidInputException naming the curve and the step if the point has left the manifold, or the step
         *     would cross its edge (a learned atlas where its data end)
         */
        private ChartPoint step(ChartPoint p, TangentVector tau, String curve, int t) {
            Optional<ChartPoint> q = g.retract(p, tau);
            if (q.isEmpty()) {
                throw leftTheManifold(curve, t, "across the edge of the atlas");
            }
            double[] x = manifold.embed(q.get());
            Optional<Defect> defect = manifold.checkPoint(x);
            if (defect.isPresent()) {
                throw leftTheManifold(curve, t, "(" + defect.get().what() + " off by "
                        + Checks.number(defect.get().measured()) + ")");
            }
            return manifold.locate(x);
        }

        private InvalidInputException leftTheManifold(String curve, int t, String how) {
            return new InvalidInputException(curve, "a curve on the manifold", "one that left it at step " + t + " "
                    + how, "try a smaller step (now " + Checks.number(parameters.step()) + ") or a larger alpha (now "
                    + Checks.number(parameters.alpha()) + ")");
        }

        /**
         * Relaxes a chain after its ends moved, and rebuilds it when a link has grown out of proportion: an interior
         * point caught in a chart that fits the data poorly can be left behind by a moving end, and the long link it
         * leaves carries the end's direction and distance badly.
         */
        private GeodesicChain maintained(GeodesicChain chain) {
            chain.relax(RELAX_SWEEPS, g);
            if (chain.balanced(g)) {
                return chain;
            }
            GeodesicChain rebuilt = GeodesicChain.shoot(chain.first(), chain.last(), chain.links(), g);
            rebuilt.relax(chain.links() * chain.links(), g);
            return rebuilt;
        }

        /** The modified flow of eq. E.1: {@code W + α(I − WWᵀ)(mean log)}, with W of unit metric norm. */
        private TangentVector flowVelocity(ChartPoint p, TangentVector w, TangentVector meanLog) {
            return w.plus(g.orthogonalPart(p, meanLog, w).scale(parameters.alpha()));
        }

        /** The sign alignment of App. E.2: W or −W, whichever agrees with the previous direction transported here. */
        private TangentVector aligned(ChartPoint p, TangentVector w, TangentVector previous) {
            return g.inner(p, w, previous) < 0 ? w.scale(-1) : w;
        }

        /**
         * The unit normal to the boundary at b, oriented toward γ⁺: the part of {@code Log_b γ⁺ − Log_b γ⁻} orthogonal
         * to the boundary's direction.
         */
        private TangentVector normal(ChartPoint b, TangentVector direction, TangentVector logPlus,
                                     TangentVector logMinus) {
            TangentVector across = logPlus.minus(logMinus);
            Optional<TangentVector> u = g.unit(b, direction);
            TangentVector n = u.isPresent() ? g.orthogonalPart(b, across, u.get()) : across;
            return g.unit(b, n).orElseThrow(() -> new ArithmeticException("principal boundary: the flows γ⁺ and γ⁻"
                    + " meet the boundary point " + b.xi() + "; the classes are not separated there"));
        }

        /**
         * Mean shift across the class: moves a start point by the part of the mean logarithm orthogonal to the
         * principal direction (the α-correction of eq. E.1 alone) until it rests at the centre line of the class. The
         * full mean shift would also drift along the class, where the density is nearly flat.
         */
        private ChartPoint settle(ClassSample s, ChartPoint start) {
            ChartPoint p = start;
            for (int i = 0; i < SETTLE_ITERATIONS; i++) {
                LocalStatistics st = statistics(s, p);
                if (st.neighbours() < minNeighbours) {
                    break;
                }
                TangentVector across = g.orthogonalPart(p, st.meanLog(), st.direction());
                if (g.norm(p, across) <= SETTLE_TOLERANCE * parameters.radius()) {
                    break;
                }
                Optional<ChartPoint> q = g.retract(p, across);
                if (q.isEmpty()) {
                    break;
                }
                p = q.get();
            }
            return p;
        }

        private ChartPoint locateStart(String name, double[] x) {
            String input = "start point of class '" + name + "'";
            Checks.requireFiniteOfLength(input, x, manifold.ambientDimension(), "ambient dimension of "
                    + manifold.name());
            return locate(input, x);
        }

        /** The local statistics at a flow point, which must have enough neighbours. */
        private LocalStatistics require(ClassSample s, ChartPoint p, int t) {
            LocalStatistics st = statistics(s, p);
            if (st.neighbours() >= minNeighbours) {
                return st;
            }
            double[] distances = s.sortedDistancesFrom(manifold.embed(p));
            double suggestion = distances[Math.min(SUGGESTION_NEIGHBOURS, distances.length - 1)];
            String found = st.neighbours() + (st.neighbours() == 1 ? " point" : " points") + " within h = "
                    + Checks.number(parameters.radius());
            if (t == 0) {
                throw new InvalidInputException("h", "a radius with at least " + minNeighbours + " points of class '"
                        + s.name() + "' around the start of its principal flow", found,
                        "h is too small; try h = " + Checks.number(roundUp(suggestion)));
            }
            throw new InvalidInputException("h", "a radius that keeps at least " + minNeighbours + " points of class '"
                    + s.name() + "' near its principal flow",
                    found + " at step " + t + ", where the flow left the data",
                    "try a larger h (e.g. " + Checks.number(roundUp(Math.max(suggestion, 1.5 * parameters.radius())))
                    + "), a larger alpha (now " + Checks.number(parameters.alpha()) + ") or a smaller step (now "
                    + Checks.number(parameters.step()) + ")");
        }
    }

    /** @return x rounded up to two significant digits, for suggestions in messages */
    static double roundUp(double x) {
        double scale = Math.pow(10, Math.floor(Math.log10(x)) - 1);
        return Math.ceil(x / scale - 1e-9) * scale;
    }

    /** Configures a {@link PrincipalBoundary}; every setter validates its argument. */
    public static final class Builder {
        private final Manifold manifold;
        private Retraction retraction;
        private InverseRetraction log;
        private InverseRetraction localLog;
        private VectorTransport transport;
        private Metric metric;
        private OptionalDouble radius = OptionalDouble.empty();
        private OptionalDouble alpha = OptionalDouble.empty();
        private OptionalDouble step = OptionalDouble.empty();
        private int iterations = DEFAULT_ITERATIONS;
        private OptionalDouble boundaryCorrection = OptionalDouble.empty();
        private int chainLinks = DEFAULT_CHAIN_LINKS;
        private int minNeighbours = DEFAULT_MIN_NEIGHBOURS;
        private Optional<double[]> plusStart = Optional.empty();
        private Optional<double[]> minusStart = Optional.empty();
        private String plusName = "plus";
        private String minusName = "minus";
        private BoundaryListener listener = BoundaryListener.NONE;

        private Builder(Manifold manifold) {
            this.manifold = manifold;
            this.retraction = manifold.retraction();
            this.log = manifold.inverseRetraction();
            this.localLog = BoundaryPrimitives.firstOrderLog(manifold);
            this.transport = BoundaryPrimitives.firstOrderTransport(manifold);
            this.metric = manifold.metric();
        }

        /**
         * @param h the kernel radius &gt; 0; default {@link #suggestRadius}
         * @return this builder
         */
        public Builder radius(double h) {
            this.radius = OptionalDouble.of(Checks.requirePositive("h", h));
            return this;
        }

        /**
         * @param a α ≥ 0 of eq. E.1; default {@value #DEFAULT_ALPHA_TIMES_RADIUS}/h
         * @return this builder
         */
        public Builder alpha(double a) {
            this.alpha = OptionalDouble.of(Checks.requireInRange("alpha", a, 0, Double.MAX_VALUE));
            return this;
        }

        /**
         * @param eta the Euler step length &gt; 0; default {@value #DEFAULT_STEP_PER_RADIUS}·h
         * @return this builder
         */
        public Builder step(double eta) {
            this.step = OptionalDouble.of(Checks.requirePositive("step", eta));
            return this;
        }

        /**
         * @param n the number of Euler steps ≥ 1; default {@value #DEFAULT_ITERATIONS}, as in the paper
         * @return this builder
         */
        public Builder iterations(int n) {
            this.iterations = Checks.requirePositive("iterations", n);
            return this;
        }

        /**
         * @param beta β ≥ 0, the pull of the boundary toward the flows' midpoint; 0 is the paper's ODE; default
         *             {@value #DEFAULT_CORRECTION_TIMES_STEP}/step
         * @return this builder
         */
        public Builder boundaryCorrection(double beta) {
            this.boundaryCorrection = OptionalDouble.of(Checks.requireInRange("boundaryCorrection", beta, 0,
                    Double.MAX_VALUE));
            return this;
        }

        /**
         * @param k the links K ≥ 1 of each flow-to-boundary chain; default {@value #DEFAULT_CHAIN_LINKS}
         * @return this builder
         */
        public Builder chainLinks(int k) {
            this.chainLinks = Checks.requirePositive("chainLinks", k);
            return this;
        }

        /**
         * @param n the fewest neighbours a flow point may have, ≥ 2; default {@value #DEFAULT_MIN_NEIGHBOURS}
         * @return this builder
         */
        public Builder minNeighbours(int n) {
            this.minNeighbours = Checks.requireInRange("minNeighbours", n, 2, Integer.MAX_VALUE);
            return this;
        }

        /**
         * Fixes the start points of the two flows instead of choosing them from the data.
         *
         * @param plus  an ambient point for γ⁺(0) (copied)
         * @param minus an ambient point for γ⁻(0) (copied)
         * @return this builder
         */
        public Builder startPoints(double[] plus, double[] minus) {
            this.plusStart = Optional.of(plus.clone());
            this.minusStart = Optional.of(minus.clone());
            return this;
        }

        /**
         * @param plus  the first class's name in messages and curve names; default {@code "plus"}
         * @param minus the second class's name; default {@code "minus"}
         * @return this builder
         */
        public Builder classNames(String plus, String minus) {
            this.plusName = Objects.requireNonNull(plus, "plus");
            this.minusName = Objects.requireNonNull(minus, "minus");
            return this;
        }

        /**
         * @param listener receives the progress after every Euler step
         * @return this builder
         */
        public Builder listener(BoundaryListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * @param retraction the retraction of Euler steps, instead of the manifold's
         * @return this builder
         */
        public Builder retraction(Retraction retraction) {
            this.retraction = Objects.requireNonNull(retraction, "retraction");
            return this;
        }

        /**
         * @param log the logarithm between distant points, taken once from γ⁺(0) to γ⁻(0) to start the chain between
         *            the flows, instead of the manifold's inverse retraction
         * @return this builder
         */
        public Builder inverseRetraction(InverseRetraction log) {
            this.log = Objects.requireNonNull(log, "log");
            return this;
        }

        /**
         * @param log the logarithm between nearby points (graph edges, chain links, a query point and its nearest
         *            boundary point), instead of the first-order one: the chart difference where the chart is trusted,
         *            the projected chord beyond; an exact logarithm, for example, makes them exact
         * @return this builder
         */
        public Builder localLogarithm(InverseRetraction log) {
            this.localLog = Objects.requireNonNull(log, "log");
            return this;
        }

        /**
         * @param transport the vector transport between nearby points (graph edges, chain links, consecutive curve
         *                  points), instead of the first-order one: the manifold's within a chart, the differentials
         *                  of §4.2.4 across charts
         * @return this builder
         */
        public Builder localTransport(VectorTransport transport) {
            this.transport = Objects.requireNonNull(transport, "transport");
            return this;
        }

        /**
         * @param metric the metric, instead of the manifold's
         * @return this builder
         */
        public Builder metric(Metric metric) {
            this.metric = Objects.requireNonNull(metric, "metric");
            return this;
        }

        /** @return the configured algorithm */
        public PrincipalBoundary build() {
            return new PrincipalBoundary(this);
        }
    }
}
