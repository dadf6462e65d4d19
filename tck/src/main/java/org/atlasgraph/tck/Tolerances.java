package org.atlasgraph.tck;

import java.util.Objects;
import java.util.Optional;

/**
 * The tolerances of the rules that an approximate provider may relax: the order of the rate rules, the round trips
 * and the distance rules. Every other bound of the kit is an algebraic identity (linearity, Ret_p(0) = p, symmetry of
 * the metric) that even a learned atlas satisfies to rounding, and is fixed.
 *
 * <p>Exact providers use {@link #strict()}. A provider whose charts or transitions are learned (§4.1: ψ̃_αβ need not
 * compose to the identity) declares itself approximate on the manifold ({@code Manifold.approximation()}, with bounds
 * derived from the atlas and a justification), which {@link TckSettings#forManifold} turns into {@link #approximate}
 * tolerances; the justification is printed with every failure so that a reader knows the bounds were relaxed and
 * why.
 *
 * @param slope         how far a fitted log-log slope may fall below the order a rate rule expects (RET-2, VT-3…5)
 * @param roundTrip     relative defect allowed in round trips (MAN-1, MAN-2, INV-1, INV-2, TRN-1, TRN-2, and VT-2
 *                      across charts), relative to the step or to the length scale
 * @param distance      relative error allowed in the distance rules (DST-1, DST-3 slack, DST-4)
 * @param approximation why the provider is approximate and the tolerances are what they are; empty when strict
 */
public record Tolerances(double slope, double roundTrip, double distance, Optional<String> approximation) {
    /**
     * Strict slope tolerance: ManifoldsBase's default {@code slope_tol = 0.1}. A least-squares fit over 13 step sizes
     * in [1e-4, 1e-1] of an O(t^k) defect with bounded higher-order terms lands within ±0.05 of k on the sphere.
     */
    public static final double STRICT_SLOPE = 0.1;
    /**
     * Strict round-trip tolerance: exact providers round-trip to about 1e-15 (a few ulps per coordinate); 1e-9
     * leaves six orders of magnitude for charts with condition numbers up to 1e6 near the trust boundary.
     */
    public static final double STRICT_ROUND_TRIP = 1e-9;
    /** Strict relative distance error: closed-form distances (atan2 of norms) are accurate to a few ulps. */
    public static final double STRICT_DISTANCE = 1e-9;

    /**
     * Validates the tolerances.
     *
     * @throws IllegalArgumentException if a tolerance is not finite, is stricter than the strict one, or an
     *     approximation is declared without a justification
     */
    public Tolerances {
        Objects.requireNonNull(approximation, "approximation");
        requireAtLeast("slope", slope, STRICT_SLOPE);
        requireAtLeast("roundTrip", roundTrip, STRICT_ROUND_TRIP);
        requireAtLeast("distance", distance, STRICT_DISTANCE);
        if (approximation.isPresent() && approximation.get().isBlank()) {
            throw new IllegalArgumentException("approximation: expected a justification of the relaxed "
                    + "tolerances, found a blank string");
        }
    }

    /** @return the tolerances every exact provider must meet */
    public static Tolerances strict() {
        return new Tolerances(STRICT_SLOPE, STRICT_ROUND_TRIP, STRICT_DISTANCE, Optional.empty());
    }

    /**
     * Relaxed tolerances for an approximate provider, such as a learned point-cloud atlas.
     *
     * @param slope         allowed shortfall of fitted slopes, ≥ {@link #STRICT_SLOPE}
     * @param roundTrip     allowed relative round-trip defect, ≥ {@link #STRICT_ROUND_TRIP}
     * @param distance      allowed relative distance error, ≥ {@link #STRICT_DISTANCE}
     * @param justification why these values (e.g. "quadratic charts fitted to 2,000 points with noise 1e-3")
     * @return the tolerances
     */
    public static Tolerances approximate(double slope, double roundTrip, double distance, String justification) {
        return new Tolerances(slope, roundTrip, distance, Optional.of(justification));
    }

    /** @return whether these tolerances were relaxed for an approximate provider */
    public boolean isApproximate() {
        return approximation.isPresent();
    }

    private static void requireAtLeast(String name, double value, double strict) {
        if (!(value >= strict) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + ": expected a finite tolerance ≥ " + strict
                    + " (the strict value), found " + value);
        }
    }
}
