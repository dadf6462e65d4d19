package org.atlasgraph.api;

/**
 * A vector transport T_{p→q}: T_pM → T_qM, linear in the vector, the identity when q = p, approximating parallel
 * transport (§2.4.1, App. B). TCK rules VT-1 (linear), VT-2 (identity at p→p), VT-3 (norm preserved to first order)
 * and VT-4/VT-5 (agreement with parallel transport, first order everywhere, second order at a chart centre with
 * stationary metric) check it.
 */
@FunctionalInterface
public interface VectorTransport {
    /**
     * @param p   the base point of τ
     * @param tau a tangent vector at p, in p's chart
     * @param q   the destination, near p
     * @return the transported vector at q, in q's chart
     */
    TangentVector transport(ChartPoint p, TangentVector tau, ChartPoint q);
}
