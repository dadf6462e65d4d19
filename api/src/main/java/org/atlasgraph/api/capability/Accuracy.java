package org.atlasgraph.api.capability;

import org.atlasgraph.api.Capability;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The accuracy an atlas states for itself: how far its round trips, rates and distances may be from exact, and why.
 * It is also the conformance kit's tolerances, so that what a manifold declares and what the kit checks are one
 * record.
 *
 * <p>An exact atlas (closed-form charts, as for the sphere and the Grassmannian) keeps every round trip to rounding
 * and declares nothing: it is held to {@link #EXACT}. A learned atlas cannot (§4.1: charts φ̃_α fitted separately
 * disagree on their overlap by their fit residual, so transitions ψ̃_αβ need not compose to the identity); it declares
 * bounds derived from its own quantities (not tuned to pass a test), with a justification. Only the accuracy of round
 * trips, rates and distances may be declared; algebraic identities (linearity of transport, {@code Ret_p(0) = p},
 * symmetry of the metric, rejection of bad input) hold for every atlas to rounding. A declared value below the exact
 * one is raised to it.
 *
 * @param slope         how far a fitted log-log slope of a rate (e.g. Ret_p(tτ) against Exp_p(tτ)) may fall below
 *                      its order, finite and &gt; 0
 * @param roundTrip     the relative defect of round trips between charts (locate∘embed, ψ̃_βα∘ψ̃_αβ, Ret∘Log^Ret),
 *                      relative to the step or the length scale, finite and &gt; 0
 * @param distance      the relative error of distances (eq. 4.4, Alg. 2), finite and &gt; 0
 * @param justification why the atlas is approximate and where each number comes from, non-blank
 */
public record Accuracy(double slope, double roundTrip, double distance, String justification) implements Capability {
    /**
     * What an exact atlas meets: ManifoldsBase's slope tolerance 0.1 (a least-squares fit over 13 step sizes in
     * [1e-4, 1e-1] of an O(t^k) defect lands within ±0.05 of k on the sphere); round trips and distances to 1e-9
     * (exact providers round-trip to about 1e-15, which leaves six orders of magnitude for charts with condition
     * numbers up to 1e6 near the trust boundary; closed-form distances are accurate to a few ulps).
     */
    public static final Accuracy EXACT = new Accuracy(0.1, 1e-9, 1e-9,
            "exact atlas: closed-form charts and transitions, round trips to rounding");

    /**
     * Validates the declaration and raises a value below {@link #EXACT}'s to it.
     *
     * @throws InvalidInputException naming the field if a number is not finite and positive or the justification is
     *     null or blank
     */
    public Accuracy {
        Checks.requirePositive("slope", slope);
        Checks.requirePositive("roundTrip", roundTrip);
        Checks.requirePositive("distance", distance);
        if (justification == null || justification.isBlank()) {
            throw new InvalidInputException("justification", "a non-blank statement of why the atlas is "
                    + "approximate and where its bounds come from", justification == null ? "null" : "a blank string");
        }
        slope = Math.max(slope, 0.1);
        roundTrip = Math.max(roundTrip, 1e-9);
        distance = Math.max(distance, 1e-9);
    }

    /** @return whether these are the bounds of an exact atlas */
    public boolean isExact() {
        return equals(EXACT);
    }

    /** @return e.g. {@code "slope 0.3, round trip 0.09, distance 0.11: <justification>"} */
    @Override
    public String toString() {
        return "slope " + Checks.number(slope) + ", round trip " + Checks.number(roundTrip) + ", distance "
                + Checks.number(distance) + ": " + justification;
    }
}
