package org.atlasgraph.optim.lbfgs;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.VectorTransport;
import org.atlasgraph.optim.linesearch.DirectionRule;

/**
 * The directions of Riemannian L-BFGS (Huang, Gallivan and Absil 2015; Manopt's {@code rlbfgs}): {@code η = −H g} by
 * the two-loop recursion over the last m pairs {@code s_i = T(α_i η_i)}, {@code y_i = g_{i+1} − T(g_i)}, with
 * {@code H₀ = γ·id}, {@code γ = ⟨s, y⟩/⟨y, y⟩} of the newest pair. Every pair is carried to the current point by the
 * vector transport after each step, so that all inner products are taken in one tangent space.
 *
 * <p>Cautious update (Li and Fukushima 2001, as in Manopt): a pair enters the memory only if
 * {@code ⟨s, y⟩/⟨s, s⟩ ≥ 10⁻⁴·‖g_k‖}, which keeps H positive definite even where the transport is not the
 * differentiated retraction or f is not convex there; a rejected pair is dropped, the memory kept.
 */
final class LbfgsDirections implements DirectionRule {
    /** Manopt's {@code strict_inc_func(t) = 1e-4·t}. */
    static final double CAUTION = 1e-4;

    private final int memory;
    private final Metric metric;
    private final VectorTransport transport;
    private final Deque<Pair> pairs = new ArrayDeque<>();
    private double gamma = 1;

    LbfgsDirections(int memory, Metric metric, VectorTransport transport) {
        this.memory = memory;
        this.metric = metric;
        this.transport = transport;
    }

    @Override
    public Direction first(ChartPoint p, TangentVector gradient, double gradientNorm) {
        return new Direction(gradient.scale(-1), 1 / gradientNorm);
    }

    @Override
    public Direction next(Step step) {
        ChartPoint from = step.from();
        ChartPoint q = step.to();
        TangentVector s = transport.transport(from, step.direction().scale(step.stepSize()), q);
        TangentVector y = step.gradientTo().minus(transport.transport(from, step.gradientFrom(), q));
        Deque<Pair> carried = new ArrayDeque<>(pairs.size() + 1);
        for (Pair pair : pairs) {
            carried.addLast(new Pair(transport.transport(from, pair.s, q), transport.transport(from, pair.y, q),
                    pair.rho));
        }
        pairs.clear();
        pairs.addAll(carried);
        double sy = metric.inner(q, s, y);
        double ss = metric.inner(q, s, s);
        double previousNorm = metric.norm(from, step.gradientFrom());
        if (ss > 0 && sy / ss >= CAUTION * previousNorm) {
            if (pairs.size() == memory) {
                pairs.removeFirst();
            }
            pairs.addLast(new Pair(s, y, 1 / sy));
            gamma = sy / metric.inner(q, y, y);
        }
        TangentVector eta = twoLoop(q, step.gradientTo()).scale(-1);
        return new Direction(eta, 1);
    }

    /** The two-loop recursion: H·g with the memory, newest pair last. */
    private TangentVector twoLoop(ChartPoint q, TangentVector g) {
        double[] alpha = new double[pairs.size()];
        TangentVector r = g;
        int i = pairs.size();
        for (Iterator<Pair> it = pairs.descendingIterator(); it.hasNext(); ) {
            Pair pair = it.next();
            alpha[--i] = pair.rho * metric.inner(q, pair.s, r);
            r = r.minus(pair.y.scale(alpha[i]));
        }
        r = r.scale(gamma);
        i = 0;
        for (Pair pair : pairs) {
            double beta = pair.rho * metric.inner(q, pair.y, r);
            r = r.plus(pair.s.scale(alpha[i++] - beta));
        }
        return r;
    }

    @Override
    public void reset() {
        pairs.clear();
        gamma = 1;
    }

    /** A curvature pair carried to the current point, with ρ = 1/⟨s, y⟩ (invariant under an isometric transport). */
    private record Pair(TangentVector s, TangentVector y, double rho) {
    }
}
