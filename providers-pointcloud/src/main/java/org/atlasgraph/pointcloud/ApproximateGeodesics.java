package org.atlasgraph.pointcloud;

import java.util.List;
import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The primitives of a learned atlas that reach beyond one chart: the approximate Riemannian logarithm, parallel
 * transport and geodesic distance (the {@link Geodesics} capability), and the retraction logarithm and vector
 * transport of the quasi-Euclidean retraction. Where p's chart represents q, each is computed in that chart in closed
 * form (the Riemannian ones only while q is within {@value PathRelaxation#FINE_LINK}·ρ of p in coordinates, where one
 * straight segment is accurate); beyond, along an approximate geodesic ({@link ShortestPathLogarithm}: a route on a
 * landmark graph built on first use, refined in the charts).
 *
 * <p>"No path joins p and q" (the data fall apart into pieces) is a value: the logarithms and the parallel transport
 * are empty and the distance is +∞.
 */
final class ApproximateGeodesics implements Geodesics {
    /** Most fixed-point corrections of an inverse retraction across charts. */
    static final int INVERSE_ITERATIONS = 8;
    /** An inverse retraction across charts stops when Ret_p(τ) is this close to q, relative to ‖τ‖. */
    static final double INVERSE_TOLERANCE = 1e-12;

    private final ChartMembership membership;
    private final ShortestPathLogarithm paths;
    private final QuasiEuclideanUpdate retraction;

    /**
     * @param charts     the atlas's charts, by index
     * @param neighbours for each chart, the charts it overlaps
     * @param tolerance  the atlas's off-surface tolerance
     * @param membership the charts' membership, which tells where a chart represents a point
     * @param retraction the retraction, which the inverse retraction inverts
     */
    ApproximateGeodesics(List<QuadraticChart> charts, int[][] neighbours, double tolerance,
                         ChartMembership membership, QuasiEuclideanUpdate retraction) {
        this.membership = membership;
        this.paths = new ShortestPathLogarithm(charts, neighbours, tolerance);
        this.retraction = retraction;
    }

    /**
     * {@inheritDoc} Near p in its chart the second-order expansion {@code Δ + ½Γ_ξ(Δ, Δ)} of the logarithm in
     * coordinates, with Δ = ξ_q − ξ_p and the Christoffel symbols of the chart's quadratic surface, rescaled to the
     * naive distance; beyond, Alg. 3 along the approximate geodesic with the same corrections per link, parallel
     * transport between links, and the length of the path (see {@code ShortestPathLogarithm}). The expansion alone
     * errs by O(‖Δ‖²) in length; the naive distance measures the length of the segment on the surface exactly. Unlike
     * the inverse retraction, which inverts the quasi-Euclidean retraction, this approximates the exponential map's
     * inverse.
     *
     * @throws InvalidInputException if a point is not in a chart of this atlas
     */
    @Override
    public Optional<TangentVector> log(ChartPoint p, ChartPoint q) {
        return logarithm(p, q, true);
    }

    /**
     * The retraction logarithm (§4.2.5): ξ_q − ξ_p when p's chart represents q, else Alg. 3 along the approximate
     * geodesic, summing coordinate differences carried between charts by the differentials of §4.2.4. When q lies in
     * another chart than p and within p's coordinate radius, that answer is then corrected until the retraction
     * takes p to q ({@link #inverted}).
     *
     * @param p the base point
     * @param q a point
     * @return the tangent vector at p; empty when p's chart cannot represent q and no path joins them
     * @throws InvalidInputException if a point is not in a chart of this atlas
     */
    Optional<TangentVector> retractionLogarithm(ChartPoint p, ChartPoint q) {
        Optional<TangentVector> first = logarithm(p, q, false);
        QuadraticChart a = (QuadraticChart) p.chart();
        if (first.isEmpty() || q.chart().equals(a)
                || first.get().tau().norm() > a.coordinateRadius()) {
            return first;
        }
        return Optional.of(inverted(p, q, first.get()));
    }

    /**
     * Corrects a retraction logarithm across charts so that {@code Ret_p(τ) = q}: the retraction changes chart where
     * its step leaves p's domain of trust, and the point moves there by the charts' disagreement (up to the off-atlas
     * tolerance), which the coordinate difference of Alg. 3 does not see; so τ is corrected by the fixed-point
     * iteration {@code τ ← τ + [Dφ̃_α⁻¹]⁺Dφ̃_β⁻¹(η_q − η(Ret_p(τ)))}, with the defect measured in q's chart β and
     * carried to p's chart α (the differential of the retraction, up to the charts' tilt against each other, so that
     * each step shrinks the defect by about that tilt), at most {@value #INVERSE_ITERATIONS} times or until the defect
     * is below {@value #INVERSE_TOLERANCE}·‖τ‖. Without it the kit's INV-1 and INV-2 measured defects of up to 1.15‖τ‖
     * and 0.16 length scales on the Klein atlas; with it they are at rounding level wherever the retraction reaches q.
     *
     * @return the τ with the smallest defect found (the first one when the retraction does not reach q's chart)
     */
    private TangentVector inverted(ChartPoint p, ChartPoint q, TangentVector first) {
        QuadraticChart a = (QuadraticChart) p.chart();
        QuadraticChart b = (QuadraticChart) q.chart();
        double[] xp = p.xi().toArray();
        double[] xq = q.xi().toArray();
        double[] tau = first.tau().toArray();
        double[] best = tau;
        double bestDefect = Double.POSITIVE_INFINITY;
        for (int k = 0; k <= INVERSE_ITERATIONS; k++) {
            Optional<ChartPoint> reached = retraction.retract(p, p.tangent(Coordinates.ofComputed("inverseRetract",
                    tau)));
            double[] there = reached.map(r -> membership.expressIn(b, r)).orElse(null);
            if (there == null) {
                break;
            }
            double[] defect = Vectors.minus(xq, there);
            double size = Math.sqrt(b.metricInner(xq, defect, defect));
            if (size < bestDefect) {
                bestDefect = size;
                best = tau;
            }
            if (size <= INVERSE_TOLERANCE * Math.sqrt(a.metricInner(xp, tau, tau)) || k == INVERSE_ITERATIONS) {
                break;
            }
            tau = Vectors.plus(tau, ShortestPathLogarithm.carry(b, xq, a, xp, defect));
        }
        return p.tangent(Coordinates.ofComputed("inverseRetract", best));
    }

    /**
     * The retraction logarithm when p's chart represents q, or with {@code riemannian} the second-order logarithm when
     * q is also near p; Alg. 3 otherwise.
     */
    private Optional<TangentVector> logarithm(ChartPoint p, ChartPoint q, boolean riemannian) {
        QuadraticChart a = membership.own(p.chart());
        membership.own(q.chart());
        double[] xi = p.xi().toArray();
        double[] qInP = membership.expressIn(a, q);
        Optional<double[]> v;
        if (qInP == null || riemannian && !near(a, xi, qInP)) {
            v = paths.logarithm(node(p), node(q), riemannian);
        } else {
            v = Optional.of(riemannian ? ShortestPathLogarithm.localLogarithm(a, xi, qInP)
                    : Vectors.minus(qInP, xi));
        }
        return v.map(tau -> p.tangent(Coordinates.ofComputed(riemannian ? "logarithm" : "inverseRetract", tau)));
    }

    /**
     * The vector transport of §4.2.4: the identity within a chart; across charts, the representative carried to q's
     * coordinates in p's chart by the identity and then by the differentials {@code [Dφ̃_β⁻¹]⁺ Dφ̃_α⁻¹}; where p's
     * chart cannot represent q, the same along the shortest path.
     *
     * @param p   the base point of τ
     * @param tau a tangent vector at p
     * @param q   the destination
     * @return the transported vector, in q's chart
     * @throws InvalidInputException if τ is not in p's chart, a point is not in a chart of this atlas, or no path of
     *     the atlas joins p and q (q is not near p, as the transport requires)
     */
    TangentVector transport(ChartPoint p, TangentVector tau, ChartPoint q) {
        p.requireTangent("tau", tau);
        QuadraticChart a = membership.own(p.chart());
        QuadraticChart b = membership.own(q.chart());
        if (a.equals(b)) {
            return q.tangent(tau.tau());
        }
        double[] qInP = membership.expressIn(a, q);
        double[] v = qInP != null
                ? ShortestPathLogarithm.carry(a, qInP, b, q.xi().toArray(), tau.tau().toArray())
                : paths.transport(node(p), tau.tau().toArray(), node(q), false)
                        .orElseThrow(() -> unconnected(p, q));
        return q.tangent(Coordinates.ofComputed("transport", v));
    }

    /**
     * {@inheritDoc} The parallel-transport equation {@code v' = −Γ(γ', v)} of the charts' quadratic surfaces,
     * integrated along the same straight segments that {@link #distance} measures (one segment when q is near p in
     * p's chart), carried between charts by the differentials of §4.2.4, and rescaled to keep the metric norm. The
     * manifold's vector transport is the paper's cheaper first-order transport (the identity within a chart).
     *
     * @throws InvalidInputException if τ is not in p's chart or a point is not in a chart of this atlas
     */
    @Override
    public Optional<TangentVector> parallelTransport(ChartPoint p, TangentVector tau, ChartPoint q) {
        p.requireTangent("tau", tau);
        QuadraticChart a = membership.own(p.chart());
        QuadraticChart b = membership.own(q.chart());
        double[] t = tau.tau().toArray();
        double[] qInP = membership.expressIn(a, q);
        Optional<double[]> v;
        if (qInP != null && near(a, p.xi().toArray(), qInP)) {
            double[] moved = ShortestPathLogarithm.parallel(a, p.xi().toArray(), qInP, t);
            double[] carried = ShortestPathLogarithm.carry(a, qInP, b, q.xi().toArray(), moved);
            v = Optional.of(ShortestPathLogarithm.withLength(b, q.xi().toArray(), carried,
                    Math.sqrt(a.metricInner(p.xi().toArray(), t, t))));
        } else {
            v = paths.transport(node(p), t, node(q), true);
        }
        return v.map(moved -> q.tangent(Coordinates.ofComputed("parallelTransport", moved)));
    }

    /**
     * {@inheritDoc} The naive approximate distance of §4.2.3 in closed form (App. F.4) for points near each other in
     * a chart, averaged over the two charts where each represents the other point; beyond, the length of the
     * approximate geodesic ({@code ShortestPathLogarithm}). +∞ where no path joins the points.
     *
     * @throws InvalidInputException if a point is not in a chart of this atlas
     */
    @Override
    public double distance(ChartPoint p, ChartPoint q) {
        QuadraticChart a = membership.own(p.chart());
        QuadraticChart b = membership.own(q.chart());
        double[] xp = p.xi().toArray();
        double[] xq = q.xi().toArray();
        if (a.equals(b)) {
            return near(a, xp, xq) ? a.naiveDistance(xp, xq) : paths.distance(node(p), node(q));
        }
        double[] qInP = membership.expressIn(a, q);
        double[] pInQ = membership.expressIn(b, p);
        boolean inP = qInP != null && near(a, xp, qInP);
        boolean inQ = pInQ != null && near(b, pInQ, xq);
        if (inP && inQ) {
            return 0.5 * (a.naiveDistance(xp, qInP) + b.naiveDistance(pInQ, xq));
        }
        if (inP) {
            return a.naiveDistance(xp, qInP);
        }
        if (inQ) {
            return b.naiveDistance(pInQ, xq);
        }
        return paths.distance(node(p), node(q));
    }

    /**
     * @return whether two points of a chart are near enough for one straight segment to measure their distance:
     *     within {@value PathRelaxation#FINE_LINK}·ρ, the longest link of a relaxed path
     */
    private static boolean near(QuadraticChart chart, double[] xi, double[] other) {
        return Vectors.distance(xi, other) <= PathRelaxation.FINE_LINK * chart.coordinateRadius();
    }

    /** {@inheritDoc} Always false: the charts are quadratic fits and paths run through a finite graph. */
    @Override
    public boolean isExact() {
        return false;
    }

    /** @return the number of landmarks of the graph on which routes between charts are found (built on first use) */
    int landmarkCount() {
        return paths.graph().vertexCount();
    }

    private static ShortestPathLogarithm.Node node(ChartPoint p) {
        return ShortestPathLogarithm.Node.of((QuadraticChart) p.chart(), p.xi().toArray());
    }

    private static InvalidInputException unconnected(ChartPoint p, ChartPoint q) {
        return new InvalidInputException("q", "a point connected to p through the learned atlas (p in "
                + p.chart().id() + ")", "no path to q in " + q.chart().id(),
                "the landmark graph has no route between their charts");
    }
}
