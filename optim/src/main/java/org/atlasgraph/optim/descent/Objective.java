package org.atlasgraph.optim.descent;

import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.UnaryOperator;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * A function to minimize over a manifold, seen through its Riemannian gradient (an estimate of it, for stochastic
 * objectives) and, optionally, its value.
 *
 * <p>The factories turn the gradient a user has into the Riemannian gradient in chart coordinates (§2.3):
 * {@link #ambient} converts a Euclidean gradient in R^D with {@link Metric#riemannianGradient} (Manopt's
 * {@code egrad2rgrad}), which is right for any metric, also one that is not induced by the embedding (the hyperboloid's
 * Minkowski metric, the affine-invariant metric of SPD matrices); {@link #chart} raises partial derivatives in ξ with
 * {@link Metric#raise}; {@link #riemannian} takes the Riemannian gradient as given (for example
 * {@code −Log_p(x_i)} for a sample x_i of a Karcher-mean objective).
 */
public interface Objective {
    /**
     * The Riemannian gradient at p, or an unbiased estimate of it.
     *
     * @param p   the current point
     * @param rng the only random source a stochastic objective may use (to draw samples), so that a seeded run replays
     * @return {@code grad f(p)} as a tangent vector in p's chart
     */
    TangentVector gradient(ChartPoint p, RandomGenerator rng);

    /**
     * The value at p, used by value-based stopping rules and reported to listeners.
     *
     * @param p a point
     * @return {@code f(p)}, or empty when the objective has no (cheap) value
     */
    default OptionalDouble value(ChartPoint p) {
        return OptionalDouble.empty();
    }

    /**
     * An objective given on the ambient space R^D: {@code grad f(p) = G(ξ)⁻¹ Dφ⁻¹(ξ)ᵀ ∇f(x)} with {@code x = φ⁻¹(ξ)},
     * the Riemannian gradient of the manifold's metric ({@link Metric#riemannianGradient}). Where the metric is induced
     * by R^D this is the orthogonal projection {@code [Dφ⁻¹(ξ)]⁺ ∇f(x)}; where it is not, the projection would be
     * the wrong vector.
     *
     * @param value             f on ambient points (receives a fresh array)
     * @param euclideanGradient ∇f on ambient points (receives a fresh array), returning an array of length D
     * @param metric            the manifold's metric, {@code manifold.metric()}
     * @return the objective
     * @throws InvalidInputException from {@link #gradient} if the Euclidean gradient has the wrong length or a
     *     non-finite entry
     */
    static Objective ambient(ToDoubleFunction<double[]> value, UnaryOperator<double[]> euclideanGradient,
                             Metric metric) {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(euclideanGradient, "euclideanGradient");
        Objects.requireNonNull(metric, "metric");
        return new AmbientObjective(value, euclideanGradient, metric);
    }

    /**
     * An objective given in chart coordinates: {@code grad f(p) = G(ξ)⁻¹ ∂f/∂ξ}.
     *
     * @param value    f at chart points
     * @param partials the partial derivatives ∂f/∂ξ in p's chart (a covector of dimension d)
     * @param metric   the manifold's metric, which raises the index
     * @return the objective
     */
    static Objective chart(ToDoubleFunction<ChartPoint> value, Function<ChartPoint, Coordinates> partials,
                           Metric metric) {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(partials, "partials");
        Objects.requireNonNull(metric, "metric");
        return new Objective() {
            @Override
            public TangentVector gradient(ChartPoint p, RandomGenerator rng) {
                Coordinates covector = partials.apply(p);
                if (covector.dimension() != p.chart().dimension()) {
                    throw new InvalidInputException("partial derivatives", "length " + p.chart().dimension()
                            + " (dimension of chart " + p.chart().id() + ")", String.valueOf(covector.dimension()));
                }
                return metric.raise(p, covector);
            }

            @Override
            public OptionalDouble value(ChartPoint p) {
                return OptionalDouble.of(value.applyAsDouble(p));
            }
        };
    }

    /**
     * An objective whose Riemannian gradient (or a stochastic estimate of it) the caller computes.
     *
     * @param value    f at chart points
     * @param gradient the Riemannian gradient in p's chart; may draw from the random source
     * @return the objective
     */
    static Objective riemannian(ToDoubleFunction<ChartPoint> value,
                                BiFunction<ChartPoint, RandomGenerator, TangentVector> gradient) {
        Objects.requireNonNull(value, "value");
        return stochastic(gradient).withValue(value);
    }

    /**
     * An objective known only through its (stochastic) Riemannian gradient, without a value.
     *
     * @param gradient the Riemannian gradient in p's chart; may draw from the random source
     * @return the objective
     */
    static Objective stochastic(BiFunction<ChartPoint, RandomGenerator, TangentVector> gradient) {
        Objects.requireNonNull(gradient, "gradient");
        return gradient::apply;
    }

    /**
     * This objective with a value function added or replaced.
     *
     * @param value f at chart points
     * @return the objective
     */
    default Objective withValue(ToDoubleFunction<ChartPoint> value) {
        Objects.requireNonNull(value, "value");
        Objective self = this;
        return new Objective() {
            @Override
            public TangentVector gradient(ChartPoint p, RandomGenerator rng) {
                return self.gradient(p, rng);
            }

            @Override
            public OptionalDouble value(ChartPoint p) {
                return OptionalDouble.of(value.applyAsDouble(p));
            }
        };
    }
}
