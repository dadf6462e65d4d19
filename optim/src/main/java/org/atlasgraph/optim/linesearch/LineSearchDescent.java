package org.atlasgraph.optim.linesearch;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.optim.descent.DescentResult;
import org.atlasgraph.optim.descent.DescentSettings;
import org.atlasgraph.optim.descent.Evaluations;
import org.atlasgraph.optim.descent.Objective;
import org.atlasgraph.optim.descent.Progress;
import org.atlasgraph.optim.descent.StoppingRule;

/**
 * The loop every line-search method shares (Absil, Mahony and Sepulchre 2008, Alg. 1; Sato 2021, Alg. 4.1): at
 * p_k choose a descent direction η_k ({@link DirectionRule}), choose a step α_k along the retraction curve
 * ({@link LineSearch}), move to {@code p_{k+1} = Ret_{p_k}(α_k η_k)}, report the progress and ask the stopping rule.
 * Conjugate gradients and L-BFGS are direction rules plugged into it; it is written against the SPI only.
 *
 * <p>Safeguards: a direction that is not a descent direction ({@code ⟨grad f, η⟩ ≥ 0}) is replaced by the negative
 * gradient and the rule is reset (a restart); a direction along which the line search finds no acceptable step is
 * retried once along the negative gradient; if that fails too, the run stops at the current point and says why (at a
 * point where f cannot be decreased to rounding precision, or at a learned atlas's edge).
 */
public final class LineSearchDescent {
    private final String name;
    private final DescentSettings settings;
    private final LineSearch lineSearch;
    private final Function<DescentSettings, DirectionRule> rules;

    /**
     * @param name       the method's name in messages, e.g. {@code "cg-prp"}
     * @param settings   primitives, budget, stopping rule, listener
     * @param lineSearch the line search
     * @param rules      makes one direction rule per run from the settings (its metric and transport)
     */
    public LineSearchDescent(String name, DescentSettings settings, LineSearch lineSearch,
                             Function<DescentSettings, DirectionRule> rules) {
        this.name = Objects.requireNonNull(name, "name");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.lineSearch = Objects.requireNonNull(lineSearch, "lineSearch");
        this.rules = Objects.requireNonNull(rules, "rules");
    }

    /**
     * Minimizes an objective from a start point.
     *
     * @param objective the objective; with a value, the line search compares values, without one it judges steps by
     *                  slopes (for gradient fields such as the Karcher mean's {@code −mean Log} on an approximate
     *                  atlas)
     * @param start     the first iterate
     * @param rng       the random source of a stochastic objective
     * @return the last iterate and why the run stopped
     * @throws org.atlasgraph.api.check.InvalidInputException if the objective returns a gradient in another chart than
     *     its base point
     * @throws ArithmeticException if the value or the gradient at the start point is not finite
     */
    public DescentResult minimize(Objective objective, ChartPoint start, RandomGenerator rng) {
        Objects.requireNonNull(start, "start");
        Metric metric = settings.metric();
        Evaluations f = new Evaluations(name, objective, rng, metric);
        StoppingRule rule = settings.rule();
        ChartPoint p = start;
        OptionalDouble value = f.finiteValue(p, 0, "");
        TangentVector g = f.gradient(p, 0);
        double gradientNorm = metric.norm(p, g);
        settings.listener().onIteration(new Progress(0, p, 0, gradientNorm, 0, value, OptionalDouble.empty()));
        if (gradientNorm == 0) {
            return f.result(p, 0, "the gradient is zero at the start point", 0, value);
        }
        DirectionRule directions = rules.apply(settings);
        DirectionRule.Direction d = directions.first(p, g, gradientNorm);
        for (int k = 0; ; k++) {
            TangentVector eta = p.requireTangent("direction", d.direction());
            double slope = metric.inner(p, g, eta);
            boolean steepest = false;
            if (!(slope < 0)) {
                directions.reset();
                eta = g.scale(-1);
                slope = -gradientNorm * gradientNorm;
                steepest = true;
            }
            Line line = new Line(f, p, eta, value, slope, settings.retraction(), settings.transport(),
                    settings.maxStepNorm(), k + 1);
            Optional<Trial> accepted = lineSearch.search(line, d.initialStep());
            if (accepted.isEmpty() && !steepest) {
                directions.reset();
                eta = g.scale(-1);
                line = new Line(f, p, eta, value, -gradientNorm * gradientNorm, settings.retraction(),
                        settings.transport(), settings.maxStepNorm(), k + 1);
                accepted = lineSearch.search(line, d.initialStep());
            }
            if (accepted.isEmpty()) {
                return f.result(p, k, "the line search (" + lineSearch + ") found no acceptable step along the "
                        + "negative gradient in " + line.trials() + " trials (shortest step "
                        + Checks.number(line.shortestStep()) + ", gradient norm " + Checks.number(gradientNorm)
                        + "): f cannot be decreased further at rounding precision, or the step would leave the "
                        + "manifold", gradientNorm, value);
            }
            Trial x = accepted.get();
            TangentVector next = x.gradient();
            double nextNorm = metric.norm(x.point(), next);
            DirectionRule.Step step = new DirectionRule.Step(p, g, eta, x.step(), x.point(), next, nextNorm, k + 1);
            OptionalDouble previous = value;
            double stepNorm = x.step() * metric.norm(p, eta);
            p = x.point();
            g = next;
            gradientNorm = nextNorm;
            value = x.value();
            Progress progress = new Progress(k + 1, p, x.step(), gradientNorm, stepNorm, value, previous);
            settings.listener().onIteration(progress);
            Optional<String> reason = rule.check(progress);
            if (reason.isPresent()) {
                return f.result(p, k + 1, reason.get(), gradientNorm, value);
            }
            if (gradientNorm == 0) {
                return f.result(p, k + 1, "the gradient is zero", 0, value);
            }
            d = directions.next(step);
        }
    }

    @Override
    public String toString() {
        return name + " with " + lineSearch;
    }
}
