package org.atlasgraph.optim.problem;

import java.util.Objects;
import java.util.OptionalDouble;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.optim.descent.Objective;

/**
 * A ready-made optimization problem: a manifold, an objective on it and a start point, with the minimum value where it
 * is known by construction. The command line ({@code atlas optimize}) and the benchmarks run every method on the same
 * problems, so that their iteration counts and times compare.
 *
 * @param name        a short name, e.g. {@code "rayleigh"}
 * @param description one line: what is minimized, on which manifold, and what the minimizer is
 * @param manifold    the manifold
 * @param objective   the objective
 * @param start       the start point, the same for every method
 * @param minimum     the minimum value of the objective when it is known in closed form
 */
public record Problem(String name, String description, Manifold manifold, Objective objective, ChartPoint start,
                      OptionalDouble minimum) {
    /** Validates that the parts are present. */
    public Problem {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(manifold, "manifold");
        Objects.requireNonNull(objective, "objective");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(minimum, "minimum");
    }
}
