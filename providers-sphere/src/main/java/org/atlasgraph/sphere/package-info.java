/**
 * The unit sphere S^{n-1} ⊂ R^n behind the atlas-graph SPI: the reference provider, and the page a newcomer reads
 * first to learn how to add a manifold. {@link org.atlasgraph.sphere.Sphere} is the public front door and
 * {@link org.atlasgraph.sphere.SphereProvider} registers it as provider {@code "sphere"}; the gnomonic charts, their
 * transitions and the closed-form geometry are package-private.
 */
package org.atlasgraph.sphere;
