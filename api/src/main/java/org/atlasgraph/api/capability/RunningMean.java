package org.atlasgraph.api.capability;

import org.atlasgraph.api.Capability;
import org.atlasgraph.api.ChartPoint;

/**
 * The update of the consistent online Fréchet mean in the manifold's own buffers: the speed path of the atlas scheme,
 * fused and free of allocation per sample (as {@link OnlineMeanStep} is the speed path of Alg. 1's quasi-Euclidean
 * step). Online-mean drivers use it when present and compose the same update from {@link ExactGeometry} otherwise; a
 * provider that offers it pins it to that composition with a test.
 *
 * <p>A {@link State} keeps a chart centred at a point c (coordinates 0) and the estimate M as its Riemannian normal
 * coordinates at c, {@code m = Log_c M}, in the chart's tangent coordinates at c. A sample X is read in that chart and
 * converted to normal coordinates {@code ν = Log_c X}: the chart's normal-coordinate correction, which for the
 * gnomonic, ad hoc and Klein charts is of third order ({@code ξ = ν + O(‖ν‖³)}, e.g. ‖ξ‖ = tan θ for ‖ν‖ = θ on the
 * sphere). The update is Euclidean in these coordinates, {@code m ← m + t(ν − m)}. When the centre is the estimate
 * (m = 0) this is exactly the geodesic step {@code Exp_M(t·Log_M X)}; away from it, it differs from that step by
 * {@code O(K‖m‖‖ν − m‖²)} for sectional curvatures of size K, so the driver moves the centre to the estimate
 * ({@link State#recentre}) often enough (see {@code OnlineFrechetMean}).
 */
@FunctionalInterface
public interface RunningMean extends Capability {
    /**
     * @param p the first estimate
     * @return a running mean at p, in a chart centred at p (m = 0), with no spread yet
     */
    State start(ChartPoint p);

    /**
     * The running estimate: mutable, single-threaded, and free of allocation in {@link #add} except where the
     * estimate moves to another chart.
     */
    interface State {
        /**
         * Moves the estimate a fraction t of the way toward a sample in normal coordinates at the centre:
         * {@code m ← m + t(Log_c X − m)}, and the spread {@code s ← s + t(‖Log_c X‖² − s)}. If the new estimate is
         * farther from the centre than the chart's domain of trust allows, the state re-centres (a chart change).
         *
         * @param ambient the sample, a point of length D (not modified, not retained)
         * @param t       the fraction, finite (1/(i+1) for the (i+1)-th sample)
         * @return {@code false}, with the state unchanged, when the centre's chart cannot read the sample: it lies at
         *     (or numerically at) the cut locus of the centre, e.g. a principal angle of π/2 on the Grassmannian, the
         *     antipode on the sphere
         * @throws org.atlasgraph.api.check.InvalidInputException if the sample's length is wrong
         * @throws org.atlasgraph.api.check.NotOnManifoldException if the sample is not a point of the manifold
         */
        boolean add(double[] ambient, double t);

        /**
         * @return {@code true} when {@link #add} itself rejects a sample with a non-finite entry, with an
         *     {@link org.atlasgraph.api.check.InvalidInputException} and the state unchanged, so that a driver need
         *     not pass over the sample's entries first (the default: {@code false}, the driver checks them)
         */
        default boolean rejectsNonFinite() {
            return false;
        }

        /** @return the geodesic distance ‖m‖ of the estimate from the centre */
        double offset();

        /**
         * @return s, the running mean (with the weights of the fractions t) of the squared distances of the samples
         *     from the centres they were read at; 0 before the first sample
         */
        double spread();

        /**
         * @return q, the running mean (with the same weights) of the squares of the samples' curvature norms
         *     ‖Log_c X‖_R: norms, at most the metric's, in which the curvature term of the update obeys
         *     {@code ‖R(m, ν)ν‖ ≤ C·K·‖m‖·‖ν‖_R²} for sectional curvatures of size K and a constant C of order one; or
         *     upper bounds on them. The default is the spread itself (‖·‖_R the metric's norm); on the Grassmannian
         *     ‖ν‖_R is the largest principal angle, up to √k times below the distance
         */
        default double curvatureSpread() {
            return spread();
        }

        /** Moves the centre to the estimate: the same point, now at the centre of a chart (m = 0). */
        void recentre();

        /** @return the estimate as a chart point (allocates) */
        ChartPoint point();

        /** @return how many times the estimate's chart has changed (re-centres included) since {@link #start} */
        long chartChanges();
    }
}
