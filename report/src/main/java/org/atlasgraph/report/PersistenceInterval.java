package org.atlasgraph.report;

import org.atlasgraph.api.check.InvalidInputException;

/**
 * A point of a persistence diagram: a homology class born at filtration value {@code birth} and dying at
 * {@code death}, {@code +∞} for a class that never dies (an essential class).
 *
 * @param birth the birth, finite
 * @param death the death, {@code ≥ birth}, or {@link Double#POSITIVE_INFINITY}
 */
public record PersistenceInterval(double birth, double death) {
    /**
     * Validates the interval.
     *
     * @throws InvalidInputException if the birth is not finite or the death is NaN or below the birth
     */
    public PersistenceInterval {
        if (!Double.isFinite(birth)) {
            throw new InvalidInputException("birth", "a finite value", String.valueOf(birth));
        }
        if (Double.isNaN(death) || death < birth) {
            throw new InvalidInputException("death", "a value ≥ birth = " + birth + " or +∞", String.valueOf(death));
        }
    }

    /** @return whether the class never dies */
    public boolean isEssential() {
        return death == Double.POSITIVE_INFINITY;
    }

    /** @return {@code death − birth}, +∞ for an essential class */
    public double persistence() {
        return death - birth;
    }
}
