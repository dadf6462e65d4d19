package org.atlasgraph.pointcloud;

import java.util.List;
import java.util.Random;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.capability.Sampler;

/**
 * Sampling from a learned atlas (App. E.1): a chart drawn uniformly, ξ uniform in the disc of its trust radius,
 * rejected unless the chart's domain of trust contains it. The paper draws a fixed number per chart; we draw the chart
 * afresh after each rejection, so that a chart's share is proportional to the area of its cell and the samples cover
 * the manifold evenly in chart coordinates (not in the Riemannian volume, which the charts' metrics distort).
 */
final class AtlasSampler implements Sampler {
    /** Attempts of the rejection sampler before it gives up (a chart's cell is never empty). */
    static final int SAMPLER_ATTEMPTS = 100_000;

    private final List<QuadraticChart> charts;
    private final int dimension;

    /**
     * @param charts    the atlas's charts, by index
     * @param dimension d
     */
    AtlasSampler(List<QuadraticChart> charts, int dimension) {
        this.charts = charts;
        this.dimension = dimension;
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalStateException if {@value #SAMPLER_ATTEMPTS} draws in a row are rejected, which happens only when
     *     the charts' cells are empty (a defect of the atlas)
     */
    @Override
    public ChartPoint sample(RandomGenerator rng) {
        for (int attempt = 0; attempt < SAMPLER_ATTEMPTS; attempt++) {
            QuadraticChart c = charts.get(rng.nextInt(charts.size()));
            double[] xi = new double[dimension];
            double norm = 0;
            for (int a = 0; a < dimension; a++) {
                xi[a] = rng.nextGaussian();
                norm += xi[a] * xi[a];
            }
            norm = Math.sqrt(norm);
            if (norm == 0) {
                continue;
            }
            double radius = c.trustRadius() * Math.pow(rng.nextDouble(), 1.0 / dimension);
            for (int a = 0; a < dimension; a++) {
                xi[a] *= radius / norm;
            }
            if (c.inside(xi)) {
                return new ChartPoint(c, Coordinates.ofComputed("sample", xi));
            }
        }
        throw new IllegalStateException("the sampler of App. E.1 rejected " + SAMPLER_ATTEMPTS
                + " draws in a row; a chart boundary is empty");
    }

    /** {@inheritDoc} Here the atlas sampling of App. E.1. */
    @Override
    public String distribution() {
        return "atlas sampling (App. E.1): a chart uniformly at random, ξ uniform in the disc of its trust radius, "
                + "kept where the chart's domain of trust contains it; even in chart coordinates, not uniform in the "
                + "Riemannian volume";
    }

    /**
     * @param count the number of points, ≥ 1
     * @param seed  the seed of the only random source
     * @return count×D ambient points drawn by {@link #sample}
     */
    double[][] ambientSample(int count, long seed) {
        Random rng = new Random(seed);
        double[][] out = new double[count][];
        for (int i = 0; i < count; i++) {
            ChartPoint p = sample(rng);
            out[i] = p.chart().toAmbient(p.xi());
        }
        return out;
    }
}
