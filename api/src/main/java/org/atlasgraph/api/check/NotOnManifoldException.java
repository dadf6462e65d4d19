package org.atlasgraph.api.check;

import java.util.Objects;

/**
 * An ambient point or vector that is well-formed (right length, finite) but does not lie on the manifold, within
 * the tolerance of the {@link Defect} that {@code Manifold.checkPoint} reported.
 *
 * <p>Example: {@code p: expected ‖x‖ = 1 within 1e-10, found ‖x‖ = 1.0003}.
 */
public class NotOnManifoldException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    private final transient Defect defect;

    /**
     * @param input  name of the offending input
     * @param defect what was measured, against which tolerance
     */
    public NotOnManifoldException(String input, Defect defect) {
        super(input, Objects.requireNonNull(defect, "defect").expected(), defect.found());
        this.defect = defect;
    }

    /** @return the measured defect */
    public Defect defect() {
        return defect;
    }
}
