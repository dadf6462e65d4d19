package org.atlasgraph.optim.boundary;

import java.util.ArrayList;
import java.util.Arrays;
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
import org.atlasgraph.api.capability.ChartCentring;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The Riemannian principal boundary of Yao and Zhang (2020) with the modifications of App. E.2, on any atlas-graph
 * manifold of dimension 2 (§5) or more. Above d = 2 the boundary is a curve in the hypersurface that separates the
 * classes (the flows are curves in any dimension); it classifies by the hyperplane normal to it at the boundary point
 * nearest to a point, the normal estimated from the classes' data near the boundary (see {@code across}), and it is
 * integrated for the whole budget (a curve that comes back to its start does not enclose anything there).
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
 * that they start abreast; b starts at the midpoint of the discrete geodesic between them. The + direction is oriented
 * toward the mean logarithm of its neighbours (an eigenvector's sign is not intrinsic; this is, so the data moved by an
 * isometry run the same way), the − direction to agree with the + direction transported to it, so that both flows
 * run the same way. The default h is {@link #suggestRadius}.
 *
 * <p>The integration ends when the boundary closes (it comes back to its start, running the same way, after at least
 * {@value #CLOSURE_MIN_LENGTH} h: then it separates the surface into two sides, as on a sphere cut by a great circle),
 * when a flow leaves the data (fewer than the minimum of neighbours within h) or a step would cross the manifold's
 * edge (a learned atlas where its data end), or after the iteration budget; {@link BoundaryFit#stopReason} says which.
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
 *       so that it stays in the chart that fits the data best (where the manifold can centre charts, a chart centred
 *       at it).</li>
 *   <li>Nearness (graph neighbours, closest pairs, the nearest boundary point) is measured by the manifold's
 *       Riemannian distance, or by the chord on a learned atlas with the induced metric, so that an isometry of the
 *       manifold moving the data moves the boundary with them ({@code BoundaryPrimitives}).</li>
 *   <li>Classes that are regions rather than curves (no scale at which their neighbourhoods are elongated: two
 *       hemispheres) have no principal direction inside; there each flow follows the class's margin toward the other
 *       class, the {@value #MARGIN_FRACTION} of its points nearest to it, which is a band along the boundary.</li>
 *   <li>Between such regions the boundary the flows leave is then centred in the gap between the two margins, where
 *       they face each other ({@code MarginCentring}: votes of both classes' points near each boundary point, over h
 *       along the curve): the midpoint of the band centre lines carries the sampling noise of the band's mean, the
 *       gap is located much more sharply by the nearest points of each class, as a support vector machine's margin
 *       is. The paper has no rule for this case.</li>
 * </ol>
 *
 * <p>Instances are immutable; configure them with {@link #on(Manifold)}.
 */
public final class PrincipalBoundary {
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

    /** The boundary may close only after it has run this many h. */
    public static final double CLOSURE_MIN_LENGTH = 2;
    /** The boundary closes where it passes within this many h of its start, at the nearest approach. */
    static final double CLOSURE_RADIUS = 0.25;
    /**
     * Arc length, in units of h, over which the boundary's normals are averaged above d = 2, where each is estimated
     * from the few points of each class within h of the boundary.
     */
    static final double NORMAL_MEMORY = 6;

    /** The fraction of the points of region-like classes that forms their margins. */
    static final double MARGIN_FRACTION = 0.2;
    /**
     * The least elongation ({@link LocalStatistics#elongation}) of the neighbourhoods where the flows start for the
     * classes to count as curves: the median of an isotropic sample is about 1.75 whatever its size, the 95th
     * percentile 3–3.7; bands and the Klein bottle's classes reach 10–16.
     */
    static final double REGION_ELONGATION = 5;
    /** The paper's number of Euler steps (§5); the command line's default budget. */
    public static final int PAPER_ITERATIONS = 2000;
    /** The default iteration budget: the integration usually stops earlier, when the boundary closes. */
    public static final int DEFAULT_MAX_ITERATIONS = 10_000;

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
        this.primitives = new BoundaryPrimitives(b.manifold, b.retraction, b.log, b.localLog, b.transport, b.metric,
                BoundaryPrimitives.chordal(b.manifold), b.manifold.capability(Geodesics.class),
                b.manifold.capability(ExactGeometry.class), b.manifold.capability(ChartCentring.class));
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
     * Starts the configuration of a principal boundary on a manifold of dimension at least 2, with the manifold's
     * primitives.
     *
     * @param manifold the manifold
     * @return a builder
     * @throws InvalidInputException if the manifold's dimension is below 2, or it has neither a Riemannian distance
     *     ({@link Geodesics}) nor the metric induced by R^D, under which chords stand in for it
     */
    public static Builder on(Manifold manifold) {
        Objects.requireNonNull(manifold, "manifold");
        if (manifold.dimension() < 2) {
            throw new InvalidInputException("manifold", "dimension at least 2 (a principal boundary is a curve between"
                    + " two principal flows)", "dimension " + manifold.dimension() + " (" + manifold.name() + ")");
        }
        if (!BoundaryPrimitives.chordal(manifold) && manifold.capability(Geodesics.class).isEmpty()) {
            throw new InvalidInputException("manifold", "a manifold with a Riemannian distance (Geodesics) or the"
                    + " metric induced by R^D, to tell which points are near", manifold.name() + " with neither");
        }
        return new Builder(manifold);
    }

    /**
     * Fits the two principal flows and the principal boundary between the classes.
     *
     * @param plus  the ambient points of the first class (not modified)
     * @param minus the ambient points of the second class (not modified)
     * @return the three curves, the classifier, and why the integration stopped
     * @throws InvalidInputException if a class has fewer points than a flow needs neighbours, a point is malformed or
     *     off the manifold, or h is too small to find neighbours at a flow's start (the message suggests a value)
     */
    public BoundaryFit fit(List<double[]> plus, List<double[]> minus) {
        return integration(ingest(plusName, plus), ingest(minusName, minus)).run();
    }

    /**
     * The kernel radius h that {@link #fit} uses when none is given: the smallest radius at which the neighbourhoods of
     * both classes are elongated (median λ₂/λ₁ of the local covariance ≤ 0.4 over sample points), with a headroom of
     * 25%. Below the half-width of a class a neighbourhood is a disc, and its top eigenvector is noise. For classes
     * that are regions, the radius for their margins.
     *
     * @param plus  the ambient points of the first class (not modified)
     * @param minus the ambient points of the second class (not modified)
     * @return h &gt; 0
     * @throws InvalidInputException as {@link #fit} for malformed classes
     */
    public double suggestRadius(List<double[]> plus, List<double[]> minus) {
        return integration(ingest(plusName, plus), ingest(minusName, minus)).parameters.radius();
    }

    /**
     * The integration of the whole classes, or of their margins where the whole classes are regions: where the flows
     * would start, the principal direction is not told apart from the noise of an isotropic sample.
     */
    private Integration integration(ClassSample p, ClassSample m) {
        Integration whole = new Integration(classes(p, m, false));
        if (!whole.regions()) {
            return whole;
        }
        double[] pd = p.distancesTo(m);
        double[] md = m.distancesTo(p);
        double[] all = new double[pd.length + md.length];
        System.arraycopy(pd, 0, all, 0, pd.length);
        System.arraycopy(md, 0, all, pd.length, md.length);
        Arrays.sort(all);
        double width = all[Math.min(all.length, Math.max(2 * minNeighbours,
                (int) Math.ceil(MARGIN_FRACTION * all.length))) - 1];
        return new Integration(classes(p.within(pd, width), m.within(md, width), true));
    }

    /** The classes the flows follow, with their neighbour graphs. */
    private record Classes(ClassSample plus, NeighbourGraph plusGraph, ClassSample minus, NeighbourGraph minusGraph,
                           boolean margins) {
    }

    private Classes classes(ClassSample p, ClassSample m, boolean margins) {
        return new Classes(p, NeighbourGraph.of(p, primitives), m, NeighbourGraph.of(m, primitives), margins);
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
            ChartPoint q = primitives.centred(locate(input, x));
            located.add(q);
            ambient.add(manifold.embed(q));
        }
        return new ClassSample(name, located, ambient, primitives);
    }

    /** Locates a point of finite entries after checking that it is on the manifold, naming it if it is not. */
    private ChartPoint locate(String input, double[] x) {
        return manifold.locate(Checks.requireOnManifold(input, x, manifold::checkPoint));
    }

    /** Why a curve cannot go on: a value, which ends the integration with its reason. */
    private record Halt(String reason) {
    }

    /** One run of the integration: the mutable state of the three curves and the two chains. */
    private final class Integration {
        private final BoundaryParameters parameters;
        private final ClassSample plus;
        private final ClassSample minus;
        private final BoundaryPrimitives g = primitives;
        private final NeighbourGraph plusGraph;
        private final NeighbourGraph minusGraph;

        private final ChartPoint plusStartPoint;
        private final LocalStatistics plusStartStatistics;
        private final ChartPoint minusStartPoint;
        private final LocalStatistics minusStartStatistics;

        /**
         * Fills in the parameters' defaults and finds where the flows start.
         *
         * @throws InvalidInputException if h is too small to find neighbours at a flow's start
         */
        Integration(Classes classes) {
            this.plus = classes.plus();
            this.minus = classes.minus();
            this.plusGraph = classes.plusGraph();
            this.minusGraph = classes.minusGraph();
            double h = radius.orElseGet(() -> RadiusSelection.suggest(plus, plusGraph, minus, minusGraph, g));
            double eta = step.orElse(DEFAULT_STEP_PER_RADIUS * h);
            double beta = boundaryCorrection.orElse(DEFAULT_CORRECTION_TIMES_STEP / eta);
            this.parameters = new BoundaryParameters(h, alpha.orElse(DEFAULT_ALPHA_TIMES_RADIUS / h), eta,
                    iterations, beta, chainLinks, classes.margins(), plus.size(), minus.size());
            int[] closest = ClassSample.closestPair(plus, minus);
            this.plusStartPoint = plusStart.map(x -> locateStart(plusName, x))
                    .orElseGet(() -> settle(plus, plus.point(closest[0])));
            this.plusStartStatistics = statistics(plus, plusStartPoint);
            requireAtStart(plus, plusStartPoint, plusStartStatistics);
            this.minusStartPoint = minusStart.map(x -> locateStart(minusName, x))
                    .orElseGet(() -> settle(minus, minus.point(closest[1])));
            this.minusStartStatistics = statistics(minus, minusStartPoint);
            requireAtStart(minus, minusStartPoint, minusStartStatistics);
        }

        /**
         * @return whether, where either flow starts, the principal direction is not told apart from the noise of an
         *     isotropic sample ({@link LocalStatistics#elongation} below {@value #REGION_ELONGATION}): the classes are
         *     regions there, not curves
         */
        boolean regions() {
            return Math.min(plusStartStatistics.elongation(), minusStartStatistics.elongation()) < REGION_ELONGATION;
        }

        private LocalStatistics statistics(ClassSample s, ChartPoint p) {
            NeighbourGraph graph = s == plus ? plusGraph : minusGraph;
            return LocalStatistics.of(p, graph.logsWithin(p, parameters.radius(), g), g);
        }

        BoundaryFit run() {
            int k = parameters.chainLinks();
            ChartPoint gp = plusStartPoint;
            LocalStatistics sp = plusStartStatistics;
            ChartPoint gm = minusStartPoint;
            LocalStatistics sm = minusStartStatistics;

            GeodesicChain joint = GeodesicChain.shoot(gp, gm, 2 * k, g);
            joint.relax((2 * k) * (2 * k), g);
            ChartPoint b = joint.point(k);
            GeodesicChain toPlus = joint.headTo(k);
            GeodesicChain toMinus = joint.tailFrom(k);

            // W's sign is the eigen solver's, which depends on the chart's coordinates: orient the + flow toward the
            // mean of its neighbours instead, a rule made of the metric and the data alone, so that the data moved by
            // an isometry run the same way round.
            TangentVector wp = g.inner(gp, sp.direction(), sp.meanLog()) < 0 ? sp.direction().scale(-1)
                    : sp.direction();
            TangentVector wm = sm.direction();
            if (g.inner(gm, wm, joint.transportToLast(wp, g)) < 0) {
                wm = wm.scale(-1);
            }

            List<ChartPoint> plusCurve = new ArrayList<>();
            List<ChartPoint> minusCurve = new ArrayList<>();
            List<ChartPoint> boundaryCurve = new ArrayList<>();
            List<TangentVector> normals = new ArrayList<>();
            Closure closure = null;
            ChartPoint previous = b;
            double stepLength = 0;
            double eta = parameters.step();
            String stopReason = "the iteration budget of " + parameters.iterations() + " steps was reached";
            for (int t = 0; ; t++) {
                if (t > 0) {
                    sp = statistics(plus, gp);
                    sm = statistics(minus, gm);
                    Optional<Halt> left = leftTheData(plus, gp, sp, t);
                    if (left.isEmpty()) {
                        left = leftTheData(minus, gm, sm, t);
                    }
                    if (left.isPresent()) {
                        stopReason = left.get().reason();
                        break;
                    }
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
                if (closure == null) {
                    closure = new Closure(b, direction);
                } else if (manifold.dimension() == 2 && closure.closesAt(b, direction)) {
                    stopReason = "the boundary closed after " + t + " steps (length "
                            + Checks.number(closure.length) + ", back within " + Checks.number(closure.nearest)
                            + " of its start)";
                    break;
                }
                plusCurve.add(gp);
                minusCurve.add(gm);
                boundaryCurve.add(b);
                TangentVector nb = normal(b, direction, across(b, logPlus, logMinus));
                if (manifold.dimension() > 2 && !normals.isEmpty()) {
                    // Above d = 2 the data's direction is noisy across the separating hypersurface (a few points of
                    // each class within h): averaged along the boundary over a memory of NORMAL_MEMORY h of arc.
                    double keep = Math.exp(-stepLength / (NORMAL_MEMORY * parameters.radius()));
                    TangentVector carried = g.nearTransport(previous, normals.get(normals.size() - 1), b);
                    nb = normal(b, direction, carried.scale(keep).plus(nb.scale(1 - keep)));
                }
                normals.add(nb);
                if (t == parameters.iterations()) {
                    break;
                }
                TangentVector vp = flowVelocity(gp, wp, sp.meanLog());
                TangentVector vm = flowVelocity(gm, wm, sm.meanLog());
                TangentVector pull = logPlus.plus(logMinus).scale(0.5);
                TangentVector vb = direction.plus(pull.scale(parameters.boundaryCorrection()));
                TangentVector stepPlus = vp.scale(eta);
                TangentVector stepMinus = vm.scale(eta);
                TangentVector stepBoundary = vb.scale(eta);
                Step plusStep = step(gp, stepPlus, "the principal flow of class '" + plusName + "'", t);
                Step minusStep = step(gm, stepMinus, "the principal flow of class '" + minusName + "'", t);
                Step boundaryStep = step(b, stepBoundary, "the principal boundary", t);
                Optional<Halt> edge = plusStep.halt().or(minusStep::halt).or(boundaryStep::halt);
                if (edge.isPresent()) {
                    stopReason = edge.get().reason();
                    break;
                }
                ChartPoint gpNext = plusStep.point();
                ChartPoint gmNext = minusStep.point();
                ChartPoint bNext = boundaryStep.point();
                stepLength = g.norm(b, stepBoundary);
                closure.advance(stepLength);
                previous = b;
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
            boolean closed = stopReason.startsWith("the boundary closed");
            List<ChartPoint> boundaryPoints = boundaryCurve;
            List<TangentVector> boundaryNormals = normals;
            if (parameters.margins()) {
                MarginCentring.Centred centred = MarginCentring.centre(boundaryCurve, normals, closed, plus, minus,
                        parameters.radius(), g);
                boundaryPoints = centred.points();
                boundaryNormals = centred.normals();
            }
            return new BoundaryFit(g, parameters, plusName, minusName,
                    new Curve("principal flow of class '" + plusName + "'", plusCurve, manifold),
                    new Curve("principal flow of class '" + minusName + "'", minusCurve, manifold),
                    new Curve("principal boundary", boundaryPoints, manifold), boundaryNormals, stopReason, closed);
        }

        /**
         * Whether the boundary has come back to its start: after it has run at least {@value #CLOSURE_MIN_LENGTH} h,
         * at the point of nearest approach within {@value #CLOSURE_RADIUS} h of the start, running the same way.
         */
        private final class Closure {
            private final ChartPoint start;
            private final double[] startAmbient;
            private final TangentVector startDirection;
            private double length;
            private double nearest = Double.POSITIVE_INFINITY;

            Closure(ChartPoint start, TangentVector direction) {
                this.start = start;
                this.startAmbient = manifold.embed(start);
                this.startDirection = direction;
            }

            void advance(double stepLength) {
                length += stepLength;
            }

            boolean closesAt(ChartPoint b, TangentVector direction) {
                double h = parameters.radius();
                if (length < CLOSURE_MIN_LENGTH * h) {
                    return false;
                }
                double d = g.distance(b, manifold.embed(b), start, startAmbient);
                if (d <= CLOSURE_RADIUS * h && d < nearest) {
                    nearest = d;
                    return false;
                }
                if (nearest > CLOSURE_RADIUS * h) {
                    return false;
                }
                if (g.inner(b, direction, g.nearTransport(start, startDirection, b)) > 0) {
                    return true;
                }
                nearest = Double.POSITIVE_INFINITY;
                return false;
            }
        }

        /** The outcome of one Euler step: the point reached, or why there is none. */
        private record Step(ChartPoint point, Optional<Halt> halt) {
        }

        /**
         * One Euler step, {@code Ret_p(τ)}, after which the point is held in its canonical chart (centred at it, or on
         * a learned atlas the chart that fits the data best there, see {@link BoundaryPrimitives#canonical}).
         *
         * @return the new point, or why the curve cannot take the step: it would cross the manifold's edge (a learned
         *     atlas where its data end), or leave the manifold (the point fails {@code checkPoint})
         */
        private Step step(ChartPoint p, TangentVector tau, String curve, int t) {
            Optional<ChartPoint> q = g.retract(p, tau);
            if (q.isEmpty()) {
                return new Step(p, Optional.of(new Halt(curve + " reached the edge of the atlas at step " + t
                        + ", where its data end")));
            }
            Optional<Defect> defect = manifold.checkPoint(manifold.embed(q.get()));
            if (defect.isPresent()) {
                return new Step(p, Optional.of(new Halt(curve + " left the manifold at step " + t + " ("
                        + defect.get().found() + "); try a "
                        + "smaller step (now " + Checks.number(parameters.step()) + ") or a larger alpha (now "
                        + Checks.number(parameters.alpha()) + ")")));
            }
            return new Step(g.canonical(q.get()), Optional.empty());
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
         * The direction from the second class to the first at b. On a surface (d = 2) it is {@code Log_b γ⁺ − Log_b
         * γ⁻}: the complement of the boundary's direction is a line, which the flows' offset fixes. Above d = 2 the
         * complement is a (d−1)-space and the flows, following the classes' margins, also drift apart along the
         * hypersurface that separates the classes, so the offset would tilt the normal by that drift; there the
         * direction is taken from the data instead, the difference of the two classes' mean logarithms within h of b
         * (the centroid rule of a local linear classifier), and from the flows only where b has no points of a class
         * within h.
         */
        private TangentVector across(ChartPoint b, TangentVector logPlus, TangentVector logMinus) {
            if (manifold.dimension() > 2) {
                LocalStatistics nearPlus = statistics(plus, b);
                LocalStatistics nearMinus = statistics(minus, b);
                if (nearPlus.neighbours() > 0 && nearMinus.neighbours() > 0) {
                    return nearPlus.meanLog().minus(nearMinus.meanLog());
                }
            }
            return logPlus.minus(logMinus);
        }

        /** The unit normal to the boundary at b, oriented toward γ⁺: the part of {@code across} orthogonal to it. */
        private TangentVector normal(ChartPoint b, TangentVector direction, TangentVector across) {
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
                p = g.canonical(q.get());
            }
            return p;
        }

        private ChartPoint locateStart(String name, double[] x) {
            String input = "start point of class '" + name + "'";
            Checks.requireFiniteOfLength(input, x, manifold.ambientDimension(), "ambient dimension of "
                    + manifold.name());
            return g.centred(locate(input, x));
        }

        /** A flow must start with enough neighbours: otherwise h is too small, and the message suggests one. */
        private void requireAtStart(ClassSample s, ChartPoint p, LocalStatistics st) {
            if (st.neighbours() < minNeighbours) {
                throw new InvalidInputException("h", "a radius with at least " + minNeighbours + " points of class '"
                        + s.name() + "' around the start of its principal flow", within(st),
                        "h is too small; try h = " + Checks.number(roundUp(suggestion(s, p))));
            }
        }

        /** Where a flow has too few neighbours, it has left the data: the integration ends there, saying so. */
        private Optional<Halt> leftTheData(ClassSample s, ChartPoint p, LocalStatistics st, int t) {
            if (st.neighbours() >= minNeighbours) {
                return Optional.empty();
            }
            return Optional.of(new Halt("the principal flow of class '" + s.name() + "' left the data at step " + t
                    + " (" + within(st) + "; a larger h, e.g. " + Checks.number(roundUp(Math.max(suggestion(s, p),
                    1.5 * parameters.radius()))) + ", a larger alpha (now " + Checks.number(parameters.alpha())
                    + ") or a smaller step (now " + Checks.number(parameters.step()) + ") may keep it in)"));
        }

        private String within(LocalStatistics st) {
            return st.neighbours() + (st.neighbours() == 1 ? " point" : " points") + " within h = "
                    + Checks.number(parameters.radius());
        }

        /** @return the distance from p to its {@value #SUGGESTION_NEIGHBOURS}-th nearest point of the class */
        private double suggestion(ClassSample s, ChartPoint p) {
            double[] distances = s.sortedDistancesFrom(p, manifold.embed(p));
            return distances[Math.min(SUGGESTION_NEIGHBOURS, distances.length - 1)];
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
        private int iterations = DEFAULT_MAX_ITERATIONS;
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
            this.localLog = BoundaryPrimitives.defaultLocalLog(manifold);
            this.transport = BoundaryPrimitives.defaultLocalTransport(manifold);
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
         * @param n the most Euler steps, ≥ 1; default {@value #DEFAULT_MAX_ITERATIONS} (the paper takes 2000; the
         *          integration stops earlier when the boundary closes or a flow leaves the data)
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
