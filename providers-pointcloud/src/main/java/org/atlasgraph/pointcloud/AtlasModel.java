package org.atlasgraph.pointcloud;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Everything that defines a learned atlas, and exactly what {@code AtlasJson} saves: the charts, which charts overlap,
 * the tolerance for points off the atlas, the affine span of the data, and the summary of the learning run.
 * {@link PointCloudAtlas#model()} and {@link PointCloudAtlas#fromModel} convert in both directions without loss.
 *
 * @param charts            the chart parameters, in chart-index order
 * @param overlaps          the pairs of overlapping charts, each with {@code first < second}
 * @param offAtlasTolerance the largest distance from the charts' surfaces, within the span, at which an ambient point
 *                          is accepted
 * @param span              the affine subspace of R^D the data were learned in ({@link Span}); every chart lies in it
 * @param summary           the learning run's summary
 */
public record AtlasModel(List<ChartModel> charts, List<Overlap> overlaps, double offAtlasTolerance, Span span,
                         LearningSummary summary) implements java.io.Serializable {
    /**
     * An edge of the atlas graph: two charts whose balls share training points.
     *
     * @param first  the smaller chart index
     * @param second the larger chart index
     */
    public record Overlap(int first, int second) implements java.io.Serializable {
    }

    /**
     * The affine subspace {@code o + span(P)} of R^D that the training points span, up to noise: learning drops the
     * directions in which the data do not vary (constant columns, a manifold rotated into a larger R^D) and those in
     * which they vary only as isotropic noise does, and queries project ambient points onto it first. A point is on
     * the atlas when its distance from the span is at most {@code tolerance} and its projection lies within the
     * atlas's off-atlas tolerance of a chart's patch.
     *
     * @param origin    o (length D), or empty when the span is all of R^D
     * @param basis     P, D×p with orthonormal columns, or empty when the span is all of R^D
     * @param tolerance the largest distance from the span at which a point is accepted (+∞ for all of R^D)
     */
    public record Span(double[] origin, double[] basis, double tolerance) implements java.io.Serializable {
        /** Largest accepted deviation of PᵀP from the identity. */
        static final double ORTHONORMALITY_TOLERANCE = 1e-9;

        /**
         * Validates and copies the span.
         *
         * @throws InvalidInputException naming the field whose shape, finiteness or orthonormality is wrong
         */
        public Span {
            Objects.requireNonNull(origin, "origin");
            Objects.requireNonNull(basis, "basis");
            Checks.requireFinite("span.origin", origin);
            Checks.requireFinite("span.basis", basis);
            if (origin.length == 0) {
                if (basis.length != 0 || tolerance != Double.POSITIVE_INFINITY) {
                    throw new InvalidInputException("span", "an origin, or no basis and an infinite tolerance for "
                            + "all of R^D", basis.length + " basis entries, tolerance " + tolerance);
                }
            } else {
                int ambient = origin.length;
                int p = basis.length / ambient;
                if (basis.length % ambient != 0 || p < 1 || p >= ambient) {
                    throw new InvalidInputException("span.basis", "length D·p with 1 ≤ p < D = " + ambient,
                            String.valueOf(basis.length));
                }
                Checks.requirePositive("span.tolerance", tolerance);
                double worst = 0;
                for (int a = 0; a < p; a++) {
                    for (int b = a; b < p; b++) {
                        double dot = 0;
                        for (int i = 0; i < ambient; i++) {
                            dot += basis[i * p + a] * basis[i * p + b];
                        }
                        worst = Math.max(worst, Math.abs(dot - (a == b ? 1 : 0)));
                    }
                }
                if (worst > ORTHONORMALITY_TOLERANCE) {
                    throw new InvalidInputException("span.basis", "orthonormal columns within "
                            + Checks.number(ORTHONORMALITY_TOLERANCE), "a deviation of " + Checks.number(worst));
                }
            }
            origin = origin.clone();
            basis = basis.clone();
        }

        /** @return the span of all of R^D: queries are not projected */
        public static Span whole() {
            return new Span(new double[0], new double[0], Double.POSITIVE_INFINITY);
        }

        /** @return whether this is all of R^D */
        public boolean isWhole() {
            return origin.length == 0;
        }

        /** @return p, the dimension of the span, or D for all of R^D */
        public int dimension(int ambient) {
            return isWhole() ? ambient : basis.length / origin.length;
        }

        @Override
        public double[] origin() {
            return origin.clone();
        }

        @Override
        public double[] basis() {
            return basis.clone();
        }

        /**
         * @param x a point of R^D (not modified)
         * @return its orthogonal projection {@code o + PPᵀ(x − o)} onto the span; x itself for all of R^D
         */
        public double[] project(double[] x) {
            if (isWhole()) {
                return x;
            }
            int ambient = origin.length;
            int p = basis.length / ambient;
            double[] c = new double[p];
            for (int i = 0; i < ambient; i++) {
                double v = x[i] - origin[i];
                for (int a = 0; a < p; a++) {
                    c[a] += basis[i * p + a] * v;
                }
            }
            double[] out = origin.clone();
            for (int i = 0; i < ambient; i++) {
                double s = 0;
                for (int a = 0; a < p; a++) {
                    s += basis[i * p + a] * c[a];
                }
                out[i] += s;
            }
            return out;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Span s && Arrays.equals(origin, s.origin) && Arrays.equals(basis, s.basis)
                    && Double.compare(tolerance, s.tolerance) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hash(Arrays.hashCode(origin), Arrays.hashCode(basis), tolerance);
        }

        @Override
        public String toString() {
            return isWhole() ? "Span[R^D]" : "Span[p=" + basis.length / origin.length + ", tolerance=" + tolerance
                    + "]";
        }
    }

    /**
     * Validates that the charts agree on D and d, that overlaps name existing charts, that the tolerance is
     * positive and that the span is one of R^D.
     *
     * @throws InvalidInputException naming the offending entry
     */
    public AtlasModel {
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(span, "span");
        charts = List.copyOf(Objects.requireNonNull(charts, "charts"));
        overlaps = List.copyOf(Objects.requireNonNull(overlaps, "overlaps"));
        if (charts.isEmpty()) {
            throw new InvalidInputException("charts", "at least one chart", "none");
        }
        int ambient = charts.get(0).ambientDimension();
        int d = charts.get(0).dimension();
        for (int i = 1; i < charts.size(); i++) {
            ChartModel c = charts.get(i);
            if (c.ambientDimension() != ambient || c.dimension() != d) {
                throw new InvalidInputException("charts[" + i + "]", "D = " + ambient + ", d = " + d
                        + " like charts[0]", "D = " + c.ambientDimension() + ", d = " + c.dimension());
            }
        }
        for (int i = 0; i < overlaps.size(); i++) {
            Overlap o = overlaps.get(i);
            if (o.first() < 0 || o.first() >= o.second() || o.second() >= charts.size()) {
                throw new InvalidInputException("overlaps[" + i + "]", "two chart indices 0 ≤ first < second < "
                        + charts.size(), "[" + o.first() + ", " + o.second() + "]");
            }
        }
        if (!(offAtlasTolerance > 0) || !Double.isFinite(offAtlasTolerance)) {
            throw new InvalidInputException("offAtlasTolerance", "a finite value > 0",
                    String.valueOf(offAtlasTolerance));
        }
        if (!span.isWhole() && span.origin().length != ambient) {
            throw new InvalidInputException("span.origin", "length D = " + ambient, String.valueOf(
                    span.origin().length));
        }
        if (summary.dimension() != d) {
            throw new InvalidInputException("summary.dimension", "d = " + d + " of the charts",
                    String.valueOf(summary.dimension()));
        }
    }

    /** @return D */
    public int ambientDimension() {
        return charts.get(0).ambientDimension();
    }

    /** @return d */
    public int dimension() {
        return charts.get(0).dimension();
    }
}
