package org.atlasgraph.api;

import java.util.Arrays;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * An immutable vector of chart coordinates ξ ∈ V ⊂ R^d, or of a representative tangent vector τ ∈ R^d (§2.2).
 *
 * <p>Atlas-graph computation is arithmetic on these vectors: a quasi-Euclidean update is {@code xi.plus(tau)} (§2.4)
 * and an inverse retraction within one chart is {@code q.minus(p)}. Every entry is finite; a value class rather than a
 * record so that {@code equals} compares entries and {@code toString} is readable.
 */
public final class Coordinates {
    /** Below this, a sum of squares has lost precision to underflow (its terms were below about 1e-150). */
    private static final double MIN_SAFE_SQUARE = 0x1p-500;

    private final double[] values;

    private Coordinates(double[] values) {
        this.values = values;
    }

    /**
     * Copies the given values.
     *
     * @param values the entries (copied, not modified)
     * @return the coordinates
     * @throws InvalidInputException if an entry is NaN or infinite, or the array is {@code null}
     */
    public static Coordinates of(double... values) {
        return new Coordinates(Checks.requireFinite("coordinates", values).clone());
    }

    /**
     * The origin of R^d, the centre of a chart.
     *
     * @param dimension d ≥ 0
     * @return d zeros
     */
    public static Coordinates zeros(int dimension) {
        if (dimension < 0) {
            throw new InvalidInputException("dimension", "an integer ≥ 0", String.valueOf(dimension));
        }
        return new Coordinates(new double[dimension]);
    }

    /**
     * Wraps an array that a primitive has just computed, without copying. This is the way providers return results:
     * it takes ownership of the array and turns a non-finite entry into an {@link ArithmeticException} that names the
     * operation, so that no primitive ever returns a silent NaN.
     *
     * @param operation the primitive that computed the values, e.g. {@code "retract"}
     * @param owned     the entries; owned by the returned object afterwards and must not be modified by the caller
     * @return the coordinates
     * @throws ArithmeticException if an entry is NaN or infinite
     */
    public static Coordinates ofComputed(String operation, double[] owned) {
        return new Coordinates(Checks.requireFiniteResult(operation, owned));
    }

    /**
     * Requires these coordinates (or a tangent representative, or a covector) to have dimension {@code expected}: the
     * check a chart, a transition or a metric makes on its raw arguments (TCK rule ERR-3).
     *
     * @param name     the input's name in the message, e.g. {@code "xi"}, {@code "tau"}, {@code "covector"}
     * @param expected the required dimension
     * @param context  what the dimension is, e.g. {@code "dimension of chart gnomonic-3"}, or {@code ""}
     * @return {@code this}
     * @throws InvalidInputException if the dimension differs
     */
    public Coordinates requireDimension(String name, int expected, String context) {
        if (values.length != expected) {
            String what = context.isEmpty() ? "length " + expected : "length " + expected + " (" + context + ")";
            throw new InvalidInputException(name, what, String.valueOf(values.length));
        }
        return this;
    }

    /** @return d, the number of entries */
    public int dimension() {
        return values.length;
    }

    /**
     * @param i index in {@code [0, d)}
     * @return entry i
     */
    public double get(int i) {
        return values[i];
    }

    /** @return a copy of the entries */
    public double[] toArray() {
        return values.clone();
    }

    /**
     * Copies the entries into {@code target} starting at {@code offset}; the allocation-free read for hot loops.
     *
     * @param target modified: entries {@code [offset, offset + d)} are overwritten
     * @param offset first index written
     */
    public void copyInto(double[] target, int offset) {
        System.arraycopy(values, 0, target, offset, values.length);
    }

    /**
     * @param other a vector of the same dimension
     * @return {@code this + other}
     */
    public Coordinates plus(Coordinates other) {
        requireSameDimension(other);
        double[] r = new double[values.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = values[i] + other.values[i];
        }
        return ofComputed("plus", r);
    }

    /**
     * @param other a vector of the same dimension
     * @return {@code this − other}
     */
    public Coordinates minus(Coordinates other) {
        requireSameDimension(other);
        double[] r = new double[values.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = values[i] - other.values[i];
        }
        return ofComputed("minus", r);
    }

    /**
     * @param factor a finite scalar
     * @return {@code factor · this}
     */
    public Coordinates scale(double factor) {
        Checks.requireFinite("factor", factor);
        double[] r = new double[values.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = factor * values[i];
        }
        return ofComputed("scale", r);
    }

    /**
     * @param other a vector of the same dimension
     * @return the Euclidean inner product of the coordinate vectors (not the Riemannian one, see {@code Metric})
     */
    public double dot(Coordinates other) {
        requireSameDimension(other);
        double s = 0;
        for (int i = 0; i < values.length; i++) {
            s += values[i] * other.values[i];
        }
        return s;
    }

    /** @return the Euclidean norm of the coordinate vector, without overflow or underflow ({@link #euclideanNorm}) */
    public double norm() {
        return euclideanNorm(values);
    }

    /**
     * The Euclidean norm of any array, computed as {@code √(Σ vᵢ²)} where the sum of squares is a normal number and
     * by scaling with the largest entry where it would overflow (entries beyond 1.3e154) or lose precision to
     * underflow (entries below 1e-150): the norm of a finite vector is finite unless the norm itself exceeds
     * {@link Double#MAX_VALUE}, and the norm of a tiny non-zero vector is not 0.
     *
     * @param values the entries (not modified)
     * @return {@code ‖values‖}; NaN if an entry is NaN
     */
    public static double euclideanNorm(double[] values) {
        double s = 0;
        for (double v : values) {
            s += v * v;
        }
        if (s >= MIN_SAFE_SQUARE && s <= Double.MAX_VALUE) {
            return Math.sqrt(s);
        }
        double m = 0;
        for (double v : values) {
            m = Math.max(m, Math.abs(v));
        }
        if (m == 0 || !Double.isFinite(m)) {
            return m;
        }
        double t = 0;
        for (double v : values) {
            double r = v / m;
            t += r * r;
        }
        return m * Math.sqrt(t);
    }

    /** @return the largest absolute entry, 0 for d = 0 */
    public double maxAbs() {
        double m = 0;
        for (double v : values) {
            m = Math.max(m, Math.abs(v));
        }
        return m;
    }

    private void requireSameDimension(Coordinates other) {
        Checks.requireNonNull("other", other, "coordinates of dimension " + values.length);
        if (other.values.length != values.length) {
            throw new InvalidInputException("other", "dimension " + values.length,
                    String.valueOf(other.values.length));
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Coordinates c && Arrays.equals(values, c.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    /** @return the entries, abbreviated after eight */
    @Override
    public String toString() {
        if (values.length <= 8) {
            return Arrays.toString(values);
        }
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < 8; i++) {
            b.append(values[i]).append(", ");
        }
        return b.append("… (").append(values.length).append(" entries)]").toString();
    }
}
