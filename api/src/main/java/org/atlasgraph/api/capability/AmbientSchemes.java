package org.atlasgraph.api.capability;

import java.util.Map;
import org.atlasgraph.api.Capability;

/**
 * Named ambient update schemes a manifold offers besides the geodesic step of {@link ExactGeometry}: the baselines of
 * the paper's Fig. S1 ({@code "gifee"} and {@code "retraction"} on the Grassmannian). Online-mean drivers offer them by
 * name; the geodesic step {@code "exp"} is always available where {@link ExactGeometry} is.
 */
@FunctionalInterface
public interface AmbientSchemes extends Capability {
    /** @return an unmodifiable map from scheme name to step, in display order */
    Map<String, AmbientStep> schemes();
}
