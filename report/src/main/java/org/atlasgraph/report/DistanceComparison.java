package org.atlasgraph.report;

import org.atlasgraph.api.check.InvalidInputException;

/**
 * How well estimated distances reproduce true ones (Fig. 4): the metric distortion α of the paper (after Charikar et
 * al. 2018), the best proportional scale, and the mean relative error after that scale.
 *
 * <p>With ratios {@code r = estimate / truth} over the pairs of positive true distance, {@code α = max r / min r}
 * (1 for a map that only rescales, {@code +∞} when some estimate is 0); the scale {@code s} minimises
 * {@code Σ (s · estimate − truth)²}; the error is {@code mean |s · estimate − truth| / truth}. Both are free of the
 * embedding's units, so a t-SNE plane and the atlas compare on one footing.
 *
 * @param pairs             the number of pairs with positive true distance
 * @param distortion        α ≥ 1
 * @param scale             s ≥ 0
 * @param meanRelativeError the mean relative error after scaling by s
 */
public record DistanceComparison(int pairs, double distortion, double scale, double meanRelativeError) {

    /**
     * Compares.
     *
     * @param truth    true distances (not modified)
     * @param estimate estimated distances, same length (not modified)
     * @return the comparison over the pairs with positive true distance
     * @throws InvalidInputException if the lengths differ, a value is negative or not finite, or no true distance is
     *                               positive
     */
    public static DistanceComparison of(double[] truth, double[] estimate) {
        if (truth == null || estimate == null || truth.length != estimate.length) {
            throw new InvalidInputException("estimate", "as many distances as truth ("
                    + (truth == null ? "null" : truth.length) + ")",
                    estimate == null ? "null" : String.valueOf(estimate.length));
        }
        for (int i = 0; i < truth.length; i++) {
            requireDistance("truth[" + i + "]", truth[i]);
            requireDistance("estimate[" + i + "]", estimate[i]);
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        double te = 0;
        double ee = 0;
        int n = 0;
        for (int i = 0; i < truth.length; i++) {
            if (truth[i] > 0) {
                double r = estimate[i] / truth[i];
                lo = Math.min(lo, r);
                hi = Math.max(hi, r);
                te += truth[i] * estimate[i];
                ee += estimate[i] * estimate[i];
                n++;
            }
        }
        if (n == 0) {
            throw new InvalidInputException("truth", "at least one positive distance", "none");
        }
        double scale = ee > 0 ? te / ee : 0;
        double error = 0;
        for (int i = 0; i < truth.length; i++) {
            if (truth[i] > 0) {
                error += Math.abs(scale * estimate[i] - truth[i]) / truth[i];
            }
        }
        double distortion = lo > 0 ? hi / lo : Double.POSITIVE_INFINITY;
        return new DistanceComparison(n, distortion, scale, error / n);
    }

    private static void requireDistance(String name, double d) {
        if (!(d >= 0) || Double.isInfinite(d)) {
            throw new InvalidInputException(name, "a finite distance ≥ 0", String.valueOf(d));
        }
    }
}
