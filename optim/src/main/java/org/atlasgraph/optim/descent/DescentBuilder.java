package org.atlasgraph.optim.descent;

import java.util.Objects;
import java.util.Optional;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.VectorTransport;
import org.atlasgraph.api.capability.LengthScale;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The options every first-order method's builder shares (the primitives, the iteration budget, a cap on step lengths,
 * a stopping rule, a listener); each method's builder extends it with its own. Every setter validates its argument.
 *
 * @param <B> the concrete builder, returned by every setter so that calls chain
 */
public abstract class DescentBuilder<B extends DescentBuilder<B>> {
    /**
     * The default cap on a step's metric norm, in the manifold's typical lengths ({@link LengthScale}, Manopt's
     * {@code typicaldist}). A line search that doubles its trial step, or a gradient step far from the minimum of a
     * function that grows exponentially (cosh d on hyperbolic space), would otherwise try points so far away that
     * the manifold's representation has lost its digits (on the hyperboloid beyond about 18 from the origin, where
     * {@code ⟨x, x⟩_L = −1} is below the rounding of x₀²); ten typical lengths is 5 on the kit's H^d.
     */
    public static final double STEP_CAP_IN_LENGTH_SCALES = 10;

    private Metric metric;
    private Retraction retraction;
    private VectorTransport transport;
    private int maxIterations;
    private double maxStepNorm;
    private Optional<StoppingRule> stoppingRule = Optional.empty();
    private DescentListener listener = DescentListener.NONE;

    /**
     * Starts with the manifold's retraction, vector transport and metric, no stopping rule besides the budget, no
     * listener, and steps capped at {@value #STEP_CAP_IN_LENGTH_SCALES} of the manifold's declared {@link LengthScale}
     * (no cap where it declares none).
     *
     * @param manifold      the manifold
     * @param maxIterations the default iteration budget
     */
    protected DescentBuilder(Manifold manifold, int maxIterations) {
        Objects.requireNonNull(manifold, "manifold");
        this.metric = manifold.metric();
        this.retraction = manifold.retraction();
        this.transport = manifold.vectorTransport();
        this.maxIterations = maxIterations;
        this.maxStepNorm = manifold.capability(LengthScale.class).map(l -> STEP_CAP_IN_LENGTH_SCALES * l.value())
                .orElse(Double.POSITIVE_INFINITY);
    }

    /** @return this builder, as its concrete type */
    protected abstract B self();

    /** @return the shared options as set so far */
    protected DescentSettings settings() {
        return new DescentSettings(metric, retraction, transport, maxIterations, maxStepNorm, stoppingRule, listener);
    }

    /**
     * @param n the iteration budget, ≥ 1; always enforced in addition to {@link #stopWhen}
     * @return this builder
     */
    public B maxIterations(int n) {
        this.maxIterations = Checks.requirePositive("maxIterations", n);
        return self();
    }

    /**
     * Caps the metric norm of every retracted step and of every trial step of a line search (gradient clipping for
     * SGD). It is not needed to stay on the manifold or in a chart's image: the retraction walks a long step across
     * charts. It keeps steps within the range where the manifold's representation is accurate, and stochastic steps
     * from overshooting.
     *
     * @param maxNorm the largest step norm, &gt; 0 (infinity for no cap)
     * @return this builder
     */
    public B maxStepNorm(double maxNorm) {
        if (!(maxNorm > 0)) {
            throw new InvalidInputException("maxStepNorm", "a value > 0", String.valueOf(maxNorm));
        }
        this.maxStepNorm = maxNorm;
        return self();
    }

    /**
     * @param rule an additional stopping rule, e.g. {@code StoppingRule.gradientNormBelow(1e-8)}
     * @return this builder
     */
    public B stopWhen(StoppingRule rule) {
        this.stoppingRule = Optional.of(Objects.requireNonNull(rule, "rule"));
        return self();
    }

    /**
     * @param listener receives the progress at the start and after every step
     * @return this builder
     */
    public B listener(DescentListener listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
        return self();
    }

    /**
     * @param retraction the retraction used for steps, instead of the manifold's
     * @return this builder
     */
    public B retraction(Retraction retraction) {
        this.retraction = Objects.requireNonNull(retraction, "retraction");
        return self();
    }

    /**
     * @param transport the vector transport that carries tangent vectors to the new iterate, instead of the
     *                  manifold's
     * @return this builder
     */
    public B vectorTransport(VectorTransport transport) {
        this.transport = Objects.requireNonNull(transport, "transport");
        return self();
    }

    /**
     * @param metric the metric that measures gradient and step norms, instead of the manifold's
     * @return this builder
     */
    public B metric(Metric metric) {
        this.metric = Objects.requireNonNull(metric, "metric");
        return self();
    }
}
