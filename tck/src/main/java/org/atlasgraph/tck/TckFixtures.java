package org.atlasgraph.tck;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.spi.ManifoldProvider;

/**
 * What a provider may hand the kit besides the manifold: points to test when it has no sampler, off-manifold ambient
 * points (ERR-5), and its {@link ManifoldProvider} with parameter values it must reject (SPI-1…SPI-3). Rules whose
 * fixture is empty are skipped, and the skip message says which fixture to provide.
 *
 * @param points               base points, used only when the manifold has no {@code Sampler} capability
 * @param invalidAmbientPoints well-formed (right length, finite) ambient arrays that are not on the manifold
 * @param provider             the provider that makes the manifold under test
 * @param invalidParameters    parameter values the provider must reject, each naming a parameter
 */
public record TckFixtures(List<ChartPoint> points, List<double[]> invalidAmbientPoints,
                          Optional<ManifoldProvider> provider, List<InvalidParameters> invalidParameters) {
    /** Copies the lists and the arrays. */
    public TckFixtures {
        points = List.copyOf(points);
        invalidAmbientPoints = invalidAmbientPoints.stream().map(double[]::clone).toList();
        Objects.requireNonNull(provider, "provider");
        invalidParameters = List.copyOf(invalidParameters);
    }

    /** @return no fixtures: points come from the sampler, and ERR-5 and the SPI rules are skipped */
    public static TckFixtures none() {
        return new TckFixtures(List.of(), List.of(), Optional.empty(), List.of());
    }

    /**
     * @param newPoints base points for a manifold without a sampler
     * @return these fixtures with the points
     */
    public TckFixtures withPoints(List<ChartPoint> newPoints) {
        return new TckFixtures(newPoints, invalidAmbientPoints, provider, invalidParameters);
    }

    /**
     * @param points off-manifold ambient arrays (copied)
     * @return these fixtures with the points
     */
    public TckFixtures withInvalidAmbientPoints(List<double[]> points) {
        return new TckFixtures(this.points, points, provider, invalidParameters);
    }

    /**
     * @param newProvider the provider of the manifold under test
     * @param invalid     parameter values it must reject; empty skips SPI-3
     * @return these fixtures with the provider
     */
    public TckFixtures withProvider(ManifoldProvider newProvider, List<InvalidParameters> invalid) {
        return new TckFixtures(points, invalidAmbientPoints, Optional.of(newProvider), invalid);
    }

    /** @return the invalid ambient points (copies) */
    @Override
    public List<double[]> invalidAmbientPoints() {
        return invalidAmbientPoints.stream().map(double[]::clone).toList();
    }
}
