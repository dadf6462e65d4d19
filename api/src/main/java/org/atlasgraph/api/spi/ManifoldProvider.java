package org.atlasgraph.api.spi;

import java.util.List;
import org.atlasgraph.api.Manifold;

/**
 * A factory for one family of manifolds, discovered with {@link java.util.ServiceLoader} (register the class in
 * {@code META-INF/services/org.atlasgraph.api.spi.ManifoldProvider}). Implementations need a public no-argument
 * constructor.
 */
public interface ManifoldProvider {
    /** @return the unique, lower-case name users type, e.g. {@code "sphere"} */
    String name();

    /** @return one sentence on what the provider makes */
    String description();

    /** @return the parameters {@link #create} accepts, in display order */
    List<ParameterSpec> parameters();

    /**
     * Creates a manifold.
     *
     * @param parameters values already checked against {@link #parameters()} for names and types
     * @return the manifold
     * @throws org.atlasgraph.api.check.InvalidInputException naming the parameter, its value and what is allowed when
     *     a value is out of range
     */
    Manifold create(ProviderParameters parameters);
}
