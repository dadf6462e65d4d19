package org.atlasgraph.api.capability;

import org.atlasgraph.api.Capability;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * A manifold's typical length in ambient units: the scale of test steps and the unit of relative tolerances in the
 * conformance kit (JUnit and {@code atlas tck} alike). Without one the kit assumes 1, right for unit spheres and
 * Grassmannians; a chart whose image is a unit ball, or data measured in millimetres, declares its own.
 *
 * @param value  the length, finite and &gt; 0
 * @param reason where it comes from, non-blank (e.g. "a quarter of the chart radius")
 */
public record LengthScale(double value, String reason) implements Capability {
    /**
     * Validates the declaration.
     *
     * @throws InvalidInputException if the value is not finite and positive or the reason is blank
     */
    public LengthScale {
        Checks.requirePositive("lengthScale", value);
        if (reason == null || reason.isBlank()) {
            throw new InvalidInputException("reason", "a non-blank statement of where the length scale comes from",
                    reason == null ? "null" : "a blank string");
        }
    }
}
