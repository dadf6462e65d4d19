package org.atlasgraph.api.check;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Static validators for the public boundary. Each returns its argument, so that checks compose with assignments
 * (JGraphT's {@code requireDirected}, Hipparchus' {@code checkDimension}); each failure is an
 * {@link InvalidInputException} whose message names the input, what was expected and what was found.
 *
 * <p>Stateless; every method is thread-safe.
 */
public final class Checks {
    private Checks() {
    }

    /**
     * Requires an argument to be present: a public method answers {@code null} with this exception, naming the
     * argument, never with a {@link NullPointerException} from deep inside.
     *
     * @param name  the argument's name, e.g. {@code "p"}
     * @param value the argument
     * @param what  what it should be, e.g. {@code "a chart point"}
     * @param <T>   its type
     * @return {@code value}
     * @throws InvalidInputException {@code p: expected a chart point, found null}
     */
    public static <T> T requireNonNull(String name, T value, String what) {
        if (value == null) {
            throw new InvalidInputException(name, what, "null");
        }
        return value;
    }

    /**
     * Requires {@code values.length == expected}.
     *
     * @param name     the input's name in the message
     * @param values   the array (not modified)
     * @param expected the required length
     * @param context  what the length means, e.g. {@code "dimension of Gr(5,2)"}, or {@code ""}
     * @return {@code values}
     * @throws InvalidInputException if the array is {@code null} or has another length
     */
    public static double[] requireLength(String name, double[] values, int expected, String context) {
        if (values == null) {
            throw new InvalidInputException(name, "an array of length " + expected, "null", context);
        }
        if (values.length != expected) {
            String what = context.isEmpty() ? "length " + expected : "length " + expected + " (" + context + ")";
            throw new InvalidInputException(name, what, String.valueOf(values.length));
        }
        return values;
    }

    /**
     * Requires every entry to be finite.
     *
     * @param name   the input's name; the message names the first bad entry as {@code name[i]}
     * @param values the array (not modified)
     * @return {@code values}
     * @throws InvalidInputException naming the first NaN or infinite entry
     */
    public static double[] requireFinite(String name, double[] values) {
        requireNonNull(name, values, "an array of finite values");
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new InvalidInputException(name + "[" + i + "]", "a finite value", String.valueOf(values[i]));
            }
        }
        return values;
    }

    /**
     * Requires a finite value.
     *
     * @return {@code value}
     * @throws InvalidInputException if it is NaN or infinite
     */
    public static double requireFinite(String name, double value) {
        if (!Double.isFinite(value)) {
            throw new InvalidInputException(name, "a finite value", String.valueOf(value));
        }
        return value;
    }

    /**
     * Requires an ambient array of the given length with finite entries.
     *
     * @return {@code values}
     */
    public static double[] requireFiniteOfLength(String name, double[] values, int expected, String context) {
        return requireFinite(name, requireLength(name, values, expected, context));
    }

    /**
     * Requires {@code lo ≤ value ≤ hi}.
     *
     * @return {@code value}
     * @throws InvalidInputException if the value is outside the range
     */
    public static int requireInRange(String name, int value, int lo, int hi) {
        if (value < lo || value > hi) {
            throw new InvalidInputException(name, lo + " ≤ " + name + " ≤ " + hi, String.valueOf(value));
        }
        return value;
    }

    /**
     * Requires a finite value with {@code lo ≤ value ≤ hi}.
     *
     * @return {@code value}
     */
    public static double requireInRange(String name, double value, double lo, double hi) {
        if (!(value >= lo && value <= hi)) {
            throw new InvalidInputException(name, "a value in [" + number(lo) + ", " + number(hi) + "]",
                    String.valueOf(value));
        }
        return value;
    }

    /**
     * Requires a finite value {@code > 0}.
     *
     * @return {@code value}
     */
    public static double requirePositive(String name, double value) {
        if (!(value > 0) || !Double.isFinite(value)) {
            throw new InvalidInputException(name, "a finite value > 0", String.valueOf(value));
        }
        return value;
    }

    /**
     * Requires a finite value {@code ≥ 0}.
     *
     * @return {@code value}
     */
    public static double requireNonNegative(String name, double value) {
        if (!(value >= 0) || !Double.isFinite(value)) {
            throw new InvalidInputException(name, "a finite value ≥ 0", String.valueOf(value));
        }
        return value;
    }

    /**
     * Requires an integer {@code > 0}.
     *
     * @return {@code value}
     */
    public static int requirePositive(String name, int value) {
        if (value <= 0) {
            throw new InvalidInputException(name, "an integer > 0", String.valueOf(value));
        }
        return value;
    }

    /**
     * Requires that an ambient point passes a manifold's membership check.
     *
     * @param name    the input's name
     * @param ambient the ambient point (not modified)
     * @param check   the manifold's {@code checkPoint}
     * @return {@code ambient}
     * @throws NotOnManifoldException carrying the defect if the check reports one
     */
    public static double[] requireOnManifold(String name, double[] ambient,
                                             Function<double[], Optional<Defect>> check) {
        Optional<Defect> defect = check.apply(ambient);
        if (defect.isPresent()) {
            throw new NotOnManifoldException(name, defect.get());
        }
        return ambient;
    }

    /**
     * Requires every entry of a computed result to be finite: a primitive never returns a silent NaN.
     *
     * @param operation the primitive, e.g. {@code "retract"}
     * @param values    the result (not modified)
     * @return {@code values}
     * @throws ArithmeticException naming the operation and the first non-finite entry
     */
    public static double[] requireFiniteResult(String operation, double[] values) {
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new ArithmeticException(operation + ": result[" + i + "] is " + values[i]);
            }
        }
        return values;
    }

    /** Formats a number for a message: short, locale-independent, scientific when very small or large. */
    public static String number(double value) {
        double a = Math.abs(value);
        if (value == 0 || (a >= 1e-3 && a < 1e5)) {
            return String.format(Locale.ROOT, "%.6g", value).replaceAll("\\.?0+$", "");
        }
        return String.format(Locale.ROOT, "%.3e", value);
    }
}
