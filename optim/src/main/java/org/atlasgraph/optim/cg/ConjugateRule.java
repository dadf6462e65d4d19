package org.atlasgraph.optim.cg;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The choice of β_k in {@code η_{k+1} = −g_{k+1} + β_k T(η_k)}, where g is the Riemannian gradient, T the vector
 * transport from p_k to p_{k+1}, {@code y = g_{k+1} − T(g_k)} and the inner products are the metric's at p_{k+1}
 * (Absil, Mahony and Sepulchre 2008, §8.3; Sato 2021, §4.4). Each is what Manopt and Pymanopt compute.
 */
public enum ConjugateRule {
    /** Fletcher–Reeves: {@code β = ‖g_{k+1}‖² / ‖g_k‖²}. Globally convergent with strong Wolfe steps, c₂ &lt; ½. */
    FLETCHER_REEVES("fr", "Fletcher–Reeves"),
    /**
     * Polak–Ribière+: {@code β = max(0, ⟨g_{k+1}, y⟩ / ‖g_k‖²)}. Restarts by itself when progress stalls (β = 0);
     * usually the fastest.
     */
    POLAK_RIBIERE_PLUS("prp", "Polak–Ribière+"),
    /**
     * Hestenes–Stiefel (clipped at 0, as Manopt does): {@code β = max(0, ⟨g_{k+1}, y⟩ / ⟨T(η_k), y⟩)}. Conjugate for a
     * quadratic with exact line searches whatever the step.
     */
    HESTENES_STIEFEL("hs", "Hestenes–Stiefel");

    private final String code;
    private final String title;

    ConjugateRule(String code, String title) {
        this.code = code;
        this.title = title;
    }

    /** @return the short name used on the command line, e.g. {@code "prp"} */
    public String code() {
        return code;
    }

    /** @return the rule's name, e.g. {@code "Polak–Ribière+"} */
    public String title() {
        return title;
    }

    /**
     * β from the quantities every rule needs.
     *
     * @param gradientNormSq       {@code ‖g_{k+1}‖²}
     * @param previousNormSq       {@code ‖g_k‖²}
     * @param gradientDotDifference {@code ⟨g_{k+1}, y⟩}
     * @param directionDotDifference {@code ⟨T(η_k), y⟩}
     * @return β ≥ 0
     */
    double beta(double gradientNormSq, double previousNormSq, double gradientDotDifference,
                double directionDotDifference) {
        double beta;
        if (this == FLETCHER_REEVES) {
            beta = gradientNormSq / previousNormSq;
        } else if (this == POLAK_RIBIERE_PLUS) {
            beta = gradientDotDifference / previousNormSq;
        } else {
            beta = directionDotDifference == 0 ? 0 : gradientDotDifference / directionDotDifference;
        }
        return Double.isFinite(beta) ? Math.max(0, beta) : 0;
    }

    /**
     * @param code a short name: {@code fr}, {@code prp} or {@code hs}
     * @return the rule
     * @throws InvalidInputException if the name is unknown
     */
    public static ConjugateRule ofCode(String code) {
        for (ConjugateRule r : values()) {
            if (r.code.equals(code)) {
                return r;
            }
        }
        throw new InvalidInputException("conjugate rule", "one of " + Arrays.stream(values()).map(ConjugateRule::code)
                .collect(Collectors.joining(", ", "[", "]")), "'" + code + "'");
    }
}
