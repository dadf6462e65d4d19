package org.atlasgraph.api;

import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * A manifold's declaration that its atlas is approximate (§4.1: learned charts φ̃_α whose transitions ψ̃_αβ need not
 * compose to the identity), with the accuracy it states for itself and why.
 *
 * <p>An exact atlas (closed-form charts, as for the sphere and the Grassmannian) keeps every round trip to rounding
 * and declares nothing ({@link Manifold#approximation()} is empty). A learned atlas cannot: two charts fitted
 * separately disagree on their overlap by their fit residual, so a point carried from one chart to another lands off
 * the point by up to that disagreement however small the step. A checker that knows only the manifold (the
 * conformance kit run from the command line) reads this record to test such an atlas against bounds the atlas
 * derived from its own quantities, rather than against bounds a test author typed in. Only the accuracy of round
 * trips, rates and distances may be declared here; algebraic identities (linearity of transport, {@code Ret_p(0) = p},
 * symmetry of the metric, rejection of bad input) hold for every atlas to rounding.
 *
 * @param lengthScale   the atlas's typical length in ambient units (for a learned atlas, a fraction of the chart
 *                      radius): the scale of test steps and the unit of the relative tolerances, finite and &gt; 0
 * @param slope         how far a fitted log-log slope of a rate (e.g. Ret_p(tτ) against Exp_p(tτ)) may fall below
 *                      its order, finite and &gt; 0
 * @param roundTrip     the relative defect of round trips between charts (locate∘embed, ψ̃_βα∘ψ̃_αβ, Ret∘Log^Ret),
 *                      relative to the length scale, finite and &gt; 0
 * @param distance      the relative error of the approximate distance (eq. 4.4, Alg. 2), finite and &gt; 0
 * @param justification why the atlas is approximate and where each number comes from, non-blank
 */
public record Approximation(double lengthScale, double slope, double roundTrip, double distance,
                            String justification) {
    /**
     * Validates the declaration.
     *
     * @throws InvalidInputException naming the field if a number is not finite and positive or the justification
     *     is null or blank
     */
    public Approximation {
        Checks.requirePositive("lengthScale", lengthScale);
        Checks.requirePositive("slope", slope);
        Checks.requirePositive("roundTrip", roundTrip);
        Checks.requirePositive("distance", distance);
        if (justification == null || justification.isBlank()) {
            throw new InvalidInputException("justification", "a non-blank statement of why the atlas is "
                    + "approximate and where its bounds come from", justification == null ? "null" : "a blank string");
        }
    }

    /** @return e.g. {@code "length scale 0.098, slope 0.3, round trip 0.09, distance 0.11: <justification>"} */
    @Override
    public String toString() {
        return "length scale " + Checks.number(lengthScale) + ", slope " + Checks.number(slope) + ", round trip "
                + Checks.number(roundTrip) + ", distance " + Checks.number(distance) + ": " + justification;
    }
}
