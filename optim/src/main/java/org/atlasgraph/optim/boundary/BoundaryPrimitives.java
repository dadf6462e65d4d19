package org.atlasgraph.optim.boundary;

import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.primitive.InverseRetraction;
import org.atlasgraph.api.primitive.Metric;
import org.atlasgraph.api.primitive.Retraction;
import org.atlasgraph.api.primitive.VectorTransport;

/**
 * The primitives the principal boundary computes with, and the few tangent-space operations it builds from them.
 *
 * @param manifold   the manifold (embedding and ingestion)
 * @param retraction Euler steps
 * @param log        logarithms along chains (between nearby points) and across the class separation (once, to
 *                   start the chain between the flows)
 * @param localLog   logarithms of a flow point's neighbours and of query points at their nearest boundary point
 * @param transport  transport of directions along chains and between consecutive flow points
 * @param metric     inner products in chart coordinates
 */
record BoundaryPrimitives(Manifold manifold, Retraction retraction, InverseRetraction log, InverseRetraction localLog,
                          VectorTransport transport, Metric metric) {
    /**
     * The first-order logarithm used inside the kernel radius: the quasi-Euclidean difference {@code ξ_q − ξ_p} when
     * p's chart represents q within its domain of trust, else the chord {@code x_q − x_p} projected on the tangent
     * space at p. Both agree with Log_p(q) to first order. Why not the manifold's inverse retraction: on a learned atlas
     * it answers a point outside p's chart with a shortest-path search (Alg. 3), and a flow step takes the logarithm of
     * every neighbour; the local covariance and mean of Yao's definition need only the first-order logarithm.
     *
     * @param manifold the manifold
     * @return the logarithm
     */
    static InverseRetraction firstOrderLog(Manifold manifold) {
        return (p, q) -> {
            double[] x = manifold.embed(q);
            Optional<ChartPoint> inP = q.sameChart(p) ? Optional.of(q) : manifold.coordinatesIn(p.chart(), x);
            if (inP.isPresent() && p.chart().contains(inP.get().xi())) {
                return p.tangent(inP.get().xi().minus(p.xi()));
            }
            return chord(manifold, p, x);
        };
    }

    /** @return {@code Log_p(q)}, or empty when the inverse retraction cannot express q near p */
    Optional<TangentVector> tryLog(ChartPoint p, ChartPoint q) {
        try {
            return Optional.of(log.inverseRetract(p, q));
        } catch (InvalidInputException cannotExpress) {
            return Optional.empty();
        }
    }

    /**
     * {@code Log_p(q)} where the inverse retraction can express it; otherwise the first-order substitute, the chord
     * {@code x_q − x_p} projected onto the tangent space at p.
     */
    TangentVector logOrChord(ChartPoint p, ChartPoint q) {
        return tryLog(p, q).orElseGet(() -> chord(manifold, p, manifold.embed(q)));
    }

    /** @return the chord from p to an ambient point, projected onto the tangent space at p */
    static TangentVector chord(Manifold manifold, ChartPoint p, double[] x) {
        double[] xp = manifold.embed(p);
        double[] v = new double[xp.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = x[i] - xp[i];
        }
        return p.tangent(p.chart().tangentCoordinates(p.xi(), v));
    }

    double inner(ChartPoint p, TangentVector u, TangentVector v) {
        return metric.inner(p, u, v);
    }

    double norm(ChartPoint p, TangentVector v) {
        return metric.norm(p, v);
    }

    /** @return v / ‖v‖, or empty when ‖v‖ is zero */
    Optional<TangentVector> unit(ChartPoint p, TangentVector v) {
        double n = norm(p, v);
        return n > 0 ? Optional.of(v.scale(1 / n)) : Optional.empty();
    }

    /** @return the component of v orthogonal to the unit vector u: {@code v − ⟨v, u⟩ u} */
    TangentVector orthogonalPart(ChartPoint p, TangentVector v, TangentVector u) {
        return v.minus(u.scale(inner(p, v, u)));
    }

    /** @return the d×d Gram matrix {@code ḡ(e_i, e_j)} of the coordinate basis at p, row-major */
    double[] gram(ChartPoint p) {
        int d = p.chart().dimension();
        TangentVector[] basis = new TangentVector[d];
        for (int i = 0; i < d; i++) {
            double[] e = new double[d];
            e[i] = 1;
            basis[i] = p.tangent(Coordinates.of(e));
        }
        double[] g = new double[d * d];
        for (int i = 0; i < d; i++) {
            for (int j = i; j < d; j++) {
                double v = inner(p, basis[i], basis[j]);
                g[i * d + j] = v;
                g[j * d + i] = v;
            }
        }
        return g;
    }
}
