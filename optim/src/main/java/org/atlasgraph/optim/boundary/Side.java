package org.atlasgraph.optim.boundary;

/** The side of a principal boundary a point lies on: that of the first ("plus") or of the second ("minus") class. */
public enum Side {
    /** The side of the first class, toward its principal flow γ⁺. */
    PLUS,
    /** The side of the second class, toward its principal flow γ⁻. */
    MINUS
}
