package org.atlasgraph.optim.problem;

import java.util.Arrays;
import java.util.Objects;
import java.util.stream.Collectors;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.optim.cg.ConjugateRule;
import org.atlasgraph.optim.cg.RiemannianConjugateGradient;
import org.atlasgraph.optim.descent.DescentListener;
import org.atlasgraph.optim.descent.DescentResult;
import org.atlasgraph.optim.descent.StoppingRule;
import org.atlasgraph.optim.lbfgs.RiemannianLbfgs;
import org.atlasgraph.optim.linesearch.ArmijoBacktracking;
import org.atlasgraph.optim.sgd.RiemannianSgd;
import org.atlasgraph.optim.sgd.StepSchedule;

/**
 * The first-order methods with their default settings, by the short names the command line ({@code atlas optimize})
 * and the benchmarks use, so that both run each method the same way on a {@link Problem}.
 */
public enum Method {
    /** Conjugate gradients with Fletcher–Reeves β and strong Wolfe steps. */
    CG_FR("cg-fr", "conjugate gradients, " + ConjugateRule.FLETCHER_REEVES.title()),
    /** Conjugate gradients with Polak–Ribière+ β and strong Wolfe steps. */
    CG_PRP("cg-prp", "conjugate gradients, " + ConjugateRule.POLAK_RIBIERE_PLUS.title()),
    /** Conjugate gradients with Hestenes–Stiefel β and strong Wolfe steps. */
    CG_HS("cg-hs", "conjugate gradients, " + ConjugateRule.HESTENES_STIEFEL.title()),
    /** L-BFGS with its default memory and strong Wolfe steps (c₂ = 0.9). */
    LBFGS("lbfgs", "L-BFGS, memory " + RiemannianLbfgs.DEFAULT_MEMORY),
    /**
     * SGD on the full gradient with Armijo backtracking from a unit first step and a demanding sufficient decrease
     * ({@value #SGD_SUFFICIENT_DECREASE}): Riemannian steepest descent, the baseline the others are compared with. Why
     * not Armijo's usual 1e-4: it accepts a unit step that nearly reflects the stiffest mode (Hessian eigenvalue 2 on
     * the test Rayleigh quotient: a factor |1 − 2| per step), and the tail stalls: 586 iterations to 1e-8 on S^999, and
     * on Gr(500,10) still short of it after 13 minutes, against 86 and 124 iterations with 0.4.
     */
    SGD("sgd", "SGD (full gradient) with Armijo backtracking (c₁ = 0.4) from step 1");

    /** The sufficient-decrease constant c₁ of {@link #SGD}'s Armijo backtracking. */
    public static final double SGD_SUFFICIENT_DECREASE = 0.4;

    private final String code;
    private final String title;

    Method(String code, String title) {
        this.code = code;
        this.title = title;
    }

    /** @return the short name, e.g. {@code "cg-prp"} */
    public String code() {
        return code;
    }

    /** @return one line: the method and its line search */
    public String title() {
        return title;
    }

    /**
     * @param code a short name: {@code cg-fr}, {@code cg-prp}, {@code cg-hs}, {@code lbfgs} or {@code sgd}
     * @return the method
     * @throws InvalidInputException if the name is unknown
     */
    public static Method ofCode(String code) {
        for (Method m : values()) {
            if (m.code.equals(code)) {
                return m;
            }
        }
        throw new InvalidInputException("method", "one of " + Arrays.stream(values()).map(Method::code)
                .collect(Collectors.joining(", ", "[", "]")), "'" + code + "'");
    }

    /**
     * Runs the method on a problem from its start point.
     *
     * @param problem       the problem
     * @param rule          the stopping rule, e.g. {@code StoppingRule.gradientNormBelow(1e-8)}
     * @param maxIterations the iteration budget, ≥ 1
     * @param listener      receives the start and every step
     * @return the outcome
     */
    public DescentResult minimize(Problem problem, StoppingRule rule, int maxIterations, DescentListener listener) {
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(listener, "listener");
        Checks.requirePositive("maxIterations", maxIterations);
        Manifold m = problem.manifold();
        return switch (this) {
            case CG_FR, CG_PRP, CG_HS -> RiemannianConjugateGradient.on(m).rule(rule()).stopWhen(rule)
                    .maxIterations(maxIterations).listener(listener).build()
                    .minimize(problem.objective(), problem.start());
            case LBFGS -> RiemannianLbfgs.on(m).stopWhen(rule).maxIterations(maxIterations).listener(listener)
                    .build().minimize(problem.objective(), problem.start());
            case SGD -> RiemannianSgd.on(m).schedule(StepSchedule.constant(1))
                    .lineSearch(new ArmijoBacktracking(SGD_SUFFICIENT_DECREASE,
                            ArmijoBacktracking.DEFAULT.contraction(), ArmijoBacktracking.DEFAULT.maxTrials()))
                    .stopWhen(rule).maxIterations(maxIterations).listener(listener).build()
                    .minimize(problem.objective(), problem.start());
        };
    }

    private ConjugateRule rule() {
        return switch (this) {
            case CG_FR -> ConjugateRule.FLETCHER_REEVES;
            case CG_HS -> ConjugateRule.HESTENES_STIEFEL;
            default -> ConjugateRule.POLAK_RIBIERE_PLUS;
        };
    }
}
