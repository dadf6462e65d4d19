package org.atlasgraph.optim.linesearch;

import java.util.Optional;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Backtracking to the Armijo condition (Absil, Mahony and Sepulchre 2008, Def. 4.2.2): tries the initial step, then
 * shrinks it by the contraction factor until {@code f(Ret_p(tη)) ≤ f(p) + c₁·t·⟨grad f(p), η⟩}. A step the retraction
 * cannot take (across a learned atlas's edge) or whose value is not finite is shrunk like one that fails the
 * condition. Cheap (values only, except where values cannot decide, see {@link LineSearch}), and enough for steepest
 * descent and SGD; conjugate gradients and L-BFGS converge with it too, but strong Wolfe steps suit them better.
 *
 * @param sufficientDecrease c₁ ∈ (0, ½)
 * @param contraction        the factor applied after a failed trial, in (0, 1)
 * @param maxTrials          the most trial points, ≥ 1
 */
public record ArmijoBacktracking(double sufficientDecrease, double contraction, int maxTrials) implements LineSearch {
    /** c₁ = 10⁻⁴ (Nocedal and Wright's choice), halving, 60 trials: down to 2⁻⁵⁹ ≈ 2·10⁻¹⁸ of the initial step. */
    public static final ArmijoBacktracking DEFAULT = new ArmijoBacktracking(1e-4, 0.5, 60);

    /**
     * Validates the constants.
     *
     * @throws InvalidInputException naming the constant that is out of range
     */
    public ArmijoBacktracking {
        if (!(sufficientDecrease > 0 && sufficientDecrease < 0.5)) {
            throw new InvalidInputException("sufficientDecrease", "a value in (0, 0.5)",
                    String.valueOf(sufficientDecrease));
        }
        if (!(contraction > 0 && contraction < 1)) {
            throw new InvalidInputException("contraction", "a value in (0, 1)", String.valueOf(contraction));
        }
        Checks.requirePositive("maxTrials", maxTrials);
    }

    @Override
    public Optional<Trial> search(Line line, double initialStep) {
        Checks.requirePositive("initialStep", initialStep);
        double t = Math.min(initialStep, line.maxStep());
        for (int i = 0; i < maxTrials; i++) {
            Optional<Trial> trial = line.at(t);
            if (trial.isPresent() && LineSearch.sufficientDecrease(line, trial.get(), sufficientDecrease)) {
                return trial;
            }
            t *= contraction;
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return "Armijo backtracking (c1 = " + Checks.number(sufficientDecrease) + ", contraction "
                + Checks.number(contraction) + ")";
    }
}
