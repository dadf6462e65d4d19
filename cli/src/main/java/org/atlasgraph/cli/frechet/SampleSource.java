package org.atlasgraph.cli.frechet;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.function.Supplier;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * A finite stream of ambient samples for {@code atlas frechet}, with the population mean when it is known: samples
 * drawn from GPD(X, p) around a drawn mean X (App. C.3) or from a manifold's sampler, or read from a {@code .npy} file
 * with an optional mean file.
 */
final class SampleSource implements Iterator<double[]>, AutoCloseable {
    private final Iterator<double[]> samples;
    private final long count;
    private final Optional<double[]> mean;
    private final String description;
    private final Runnable closer;

    private SampleSource(Iterator<double[]> samples, long count, Optional<double[]> mean, String description,
                         Runnable closer) {
        this.samples = samples;
        this.count = count;
        this.mean = mean;
        this.description = description;
        this.closer = closer;
    }

    /**
     * Draws {@code count} samples from a generator.
     *
     * @param draw        one draw per call
     * @param count       N ≥ 1
     * @param mean        the distribution's Fréchet mean, when known
     * @param description e.g. {@code "GPD(X, p=2), seed 1"}
     */
    static SampleSource generated(Supplier<double[]> draw, long count, Optional<double[]> mean,
                                  String description) {
        Iterator<double[]> it = new Iterator<>() {
            private long drawn;

            @Override
            public boolean hasNext() {
                return drawn < count;
            }

            @Override
            public double[] next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                drawn++;
                return draw.get();
            }
        };
        return new SampleSource(it, count, mean, description, () -> { });
    }

    /**
     * Streams the slices of a {@code .npy} file, each checked to be a finite point of the manifold before it is used
     * (outside the timing): a NaN or a rank-deficient slice fails with a message naming the file and the sample. The
     * first sample is also the starting estimate of every scheme, and the ambient schemes take it as the base point of
     * the manifold's {@link ExactGeometry}, which may ask more of a representative than membership (Gr(n,k): an
     * orthonormal basis, where any basis of full rank is a point); so it is checked as a base point too, and a frame
     * that is not one is reported as sample 1 of the file, not as a failure of the update at sample 2.
     *
     * @param manifold the manifold the slices must lie on; its ambient dimension must be n·k of the file
     * @param file     the open file
     * @param path     its path, for messages
     * @param mean     the known mean, when given
     */
    static SampleSource file(Manifold manifold, NpyMatrixStream file, Path path, Optional<double[]> mean) {
        String name = "--input '" + path + "'";
        if ((long) file.rows() * file.columns() != manifold.ambientDimension()) {
            throw new InvalidInputException(name, "slices of " + manifold.ambientDimension() + " values (ambient "
                    + "dimension of " + manifold.name() + ")", "slices of shape (" + file.rows() + ", "
                    + file.columns() + ")");
        }
        Iterator<double[]> checked = new Iterator<>() {
            private long read;

            @Override
            public boolean hasNext() {
                return file.hasNext();
            }

            @Override
            public double[] next() {
                double[] x = file.next();
                read++;
                String sample = name + ": sample " + read;
                Checks.requireFinite(sample, x);
                Checks.requireOnManifold(sample, x, manifold::checkPoint);
                if (read == 1) {
                    manifold.capability(ExactGeometry.class).ifPresent(g -> requireBasePoint(sample, x, g));
                }
                return x;
            }
        };
        return new SampleSource(checked, file.count(), mean, "read from " + path, file::close);
    }

    /** Requires x to be a base point the exact geometry accepts: Exp_x(0) must not be refused. */
    private static void requireBasePoint(String sample, double[] x, ExactGeometry geometry) {
        try {
            geometry.exp(x, new double[x.length]);
        } catch (InvalidInputException e) {
            throw new InvalidInputException(sample, e.expected(), e.found(), "the first sample starts the estimate "
                    + "of every scheme");
        }
    }

    /** @return N */
    long count() {
        return count;
    }

    /** @return the population mean, when known */
    Optional<double[]> mean() {
        return mean;
    }

    /** @return where the samples come from, for the table heading */
    String description() {
        return description;
    }

    @Override
    public boolean hasNext() {
        return samples.hasNext();
    }

    @Override
    public double[] next() {
        return samples.next();
    }

    /** Closes the file, if any. */
    @Override
    public void close() {
        closer.run();
    }
}
