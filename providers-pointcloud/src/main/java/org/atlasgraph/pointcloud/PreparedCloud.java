package org.atlasgraph.pointcloud;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.atlasgraph.api.check.InvalidInputException;
import org.ejml.data.DMatrixRMaj;

/**
 * The point cloud as the learner sees it: centred and scaled so that its typical distance is 1, with the points far
 * from the rest removed, and projected onto the affine span in which the data vary beyond isotropic noise.
 *
 * <p><b>Scale.</b> The centre o is the coordinate-wise median and the scale s the median distance from it, computed
 * without overflow or underflow (a norm scaled by its largest entry), so that data multiplied by 10^±150 learn the
 * same atlas up to scale, and a single point at 10¹⁶⁰ neither overflows a squared distance nor moves o and s.
 * Learning runs on {@code y = (x − o)/s}; the atlas is lifted back to the data's units ({@link #lift}).
 *
 * <p><b>Gross outliers.</b> Points farther than {@link #GROSS_OUTLIER} times s from o are removed before anything
 * else: they are many chart radii away from every other point and would only distort the global statistics below.
 *
 * <p><b>Span.</b> PCA of a subsample of y: eigenvalues below {@link #ZERO_VARIANCE} of the largest are directions
 * the data do not use (constant columns, a manifold rotated into a larger R^D); a trailing set of eigenvalues is
 * isotropic noise when it holds at least half of the remaining directions, its largest eigenvalue lies within
 * {@link #BULK_SPREAD} of the Marchenko–Pastur upper edge {@code σ̂²(1 + √(k/n))²} of k noise directions sampled n
 * times (σ̂² its median), and the directions kept lie at least {@link #SIGNAL_GAP} times above that edge. The span
 * keeps the signal directions plus one more (so that a d-manifold filling its span, a flat square say, stays
 * estimable as d), and at least d + 1 when d is given. Points whose distance from the span exceeds
 * {@link #OFF_SPAN_OUTLIER} times the median distance (or a round-off floor for clean data) are outliers, and the
 * span is taken again without them.
 *
 * <p>Why project: isotropic noise of size σ in each of D ≫ d directions adds {@code 2σ²D} to every squared distance,
 * which for S² rotated into R¹⁰⁰⁰ with σ = 0.02 hides the manifold's own neighbourhoods; in the span it adds
 * {@code 2σ²p}. Removing only directions that carry nothing but noise changes no chart: the fits would give their
 * normal directions no curvature anyway.
 */
final class PreparedCloud {
    /** Points farther than this multiple of the median distance from the median are removed at once. */
    static final double GROSS_OUTLIER = 1e4;
    /**
     * An eigenvalue below this fraction of the largest is a direction the data do not use: a standard deviation under
     * 10⁻⁶ of the largest, far below any chart's resolution and well above the round-off of the eigenvalues
     * (about 10⁻¹⁶ of the largest; the four unused directions of the Klein patches in R⁹ come out at 10⁻¹⁵).
     */
    static final double ZERO_VARIANCE = 1e-12;
    /** The largest eigenvalue of a noise bulk lies within this factor of its Marchenko–Pastur upper edge. */
    static final double BULK_SPREAD = 1.5;
    /** The smallest signal eigenvalue lies at least this factor above the noise bulk's upper edge. */
    static final double SIGNAL_GAP = 10;
    /** Points farther from the span than this multiple of the median distance from it are outliers. */
    static final double OFF_SPAN_OUTLIER = 5;
    /**
     * ... or than this fraction of the data's largest standard deviation, whichever is larger: on clean data the median
     * is round-off, and directions dropped as unused ({@link #ZERO_VARIANCE}) move points by a hundred times less.
     */
    static final double OFF_SPAN_FLOOR = 1e-4;
    /** Points used for the median and the scale. */
    static final int SCALE_SAMPLE = 20000;
    /** Points used for the PCA of the span: at least this many, and ten per ambient dimension beyond it. */
    static final int SPAN_SAMPLE = 4000;

    private final double[][] points;
    private final int[] kept;
    private final double[] origin;
    private final double scale;
    private final double[] basis;
    private final int ambient;
    private final int grossOutliers;
    private final int offSpanOutliers;
    private final double offSpanMax;
    private final Projection projection;

    private PreparedCloud(Projection projection, double[][] points, int[] kept, double[] origin, double scale,
                          double[] basis, int ambient, int grossOutliers, int offSpanOutliers, double offSpanMax) {
        this.projection = projection;
        this.points = points;
        this.kept = kept;
        this.origin = origin;
        this.scale = scale;
        this.basis = basis;
        this.ambient = ambient;
        this.grossOutliers = grossOutliers;
        this.offSpanOutliers = offSpanOutliers;
        this.offSpanMax = offSpanMax;
    }

    /**
     * @param raw            validated distinct points of R^D (not modified)
     * @param givenDimension d, or 0 when it is to be estimated
     * @param rng            the random source of the subsamples
     * @return the prepared cloud
     * @throws InvalidInputException if the points vary in fewer than two directions, or in fewer than d + 1 when d is
     *     given
     */
    static PreparedCloud of(double[][] raw, int givenDimension, Random rng) {
        int n = raw.length;
        int ambient = raw[0].length;
        Centring centring = Centring.of(rows(raw, scaleSample(n, rng)));
        double[] dist = new double[n];
        Centring first = centring;
        IntStream.range(0, n).parallel().forEach(i -> dist[i] = first.distance(raw[i]));
        if (!centring.scaled()) {
            centring = centring.withLargest(maxFinite(dist));
        }
        int[] inner = new int[n];
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (!centring.gross(dist[i])) {
                inner[count++] = i;
            }
        }
        int gross = n - count;
        inner = Arrays.copyOf(inner, count);
        int[] spanPositions = spanSample(count, ambient, rng);
        int[] spanSample = new int[spanPositions.length];
        for (int s = 0; s < spanSample.length; s++) {
            spanSample[s] = inner[spanPositions[s]];
        }
        Projection projection = Projection.of(centring, rows(raw, spanSample), givenDimension);
        double[][] z = new double[count][];
        double[] offs = new double[count];
        int[] in = inner;
        IntStream.range(0, count).parallel().forEach(k -> {
            z[k] = projection.coordinates(raw[in[k]]);
            offs[k] = projection.offDistance(raw[in[k]], z[k]);
        });
        int[] keep = new int[count];
        int kept = 0;
        double offMax = 0;
        for (int k = 0; k < count; k++) {
            if (projection.outlier(offs[k])) {
                continue;
            }
            offMax = Math.max(offMax, offs[k]);
            keep[kept] = inner[k];
            z[kept++] = z[k];
        }
        return projection.prepared(Arrays.copyOf(z, kept), Arrays.copyOf(keep, kept), gross, count - kept, offMax);
    }

    /**
     * @param n   the number of points
     * @param rng the random source, drawn from first
     * @return the positions of the points the centre and the scale are taken from ({@link Centring#of})
     */
    static int[] scaleSample(int n, Random rng) {
        return IntrinsicDimension.subsample(n, SCALE_SAMPLE, rng);
    }

    /**
     * @param count   the number of points that are not gross outliers
     * @param ambient D
     * @param rng     the random source, drawn from after {@link #scaleSample}
     * @return the positions among those points of the points the span is taken from ({@link Projection#of})
     */
    static int[] spanSample(int count, int ambient, Random rng) {
        return IntrinsicDimension.subsample(count, Math.max(SPAN_SAMPLE, 10 * ambient + SPAN_SAMPLE / 2), rng);
    }

    /** @return the rows at the given indices, in their order (shared, not copied) */
    static double[][] rows(double[][] points, int[] indices) {
        double[][] out = new double[indices.length][];
        for (int i = 0; i < indices.length; i++) {
            out[i] = points[indices[i]];
        }
        return out;
    }

    /**
     * The centre o and the scale s of the data (see the class comment).
     *
     * @param median the coordinate-wise median of a sample
     * @param scale  the median distance of the sample's points from it; not positive and finite when the sample
     *               does not determine it ({@link #withLargest})
     */
    record Centring(double[] median, double scale) implements java.io.Serializable {
        /** @return the centring of a sample of the points (not modified) */
        static Centring of(double[][] sample) {
            int ambient = sample[0].length;
            double[] median = new double[ambient];
            double[] column = new double[sample.length];
            for (int j = 0; j < ambient; j++) {
                for (int s = 0; s < sample.length; s++) {
                    column[s] = sample[s][j];
                }
                median[j] = PreparedCloud.median(column);
            }
            double[] sampled = new double[sample.length];
            for (int s = 0; s < sample.length; s++) {
                sampled[s] = safeDistance(sample[s], median);
            }
            return new Centring(median, PreparedCloud.median(sampled));
        }

        /** @return whether the sample determined the scale */
        boolean scaled() {
            return scale > 0 && Double.isFinite(scale);
        }

        /**
         * @param largest the largest finite {@link #distance} of any point
         * @return the centring with that as its scale
         * @throws InvalidInputException if it is not positive: every point at the same place
         */
        Centring withLargest(double largest) {
            if (!(largest > 0)) {
                throw new InvalidInputException("points", "points that differ", "every point at the same place");
            }
            return new Centring(median, largest);
        }

        /** @return the distance of x from the centre, without overflow */
        double distance(double[] x) {
            return safeDistance(x, median);
        }

        /** @return whether a point at this {@link #distance} is a gross outlier */
        boolean gross(double distance) {
            return !(distance <= GROSS_OUTLIER * scale);
        }

        /** @return (x − o)/s */
        double[] scaled(double[] x) {
            return PreparedCloud.scaled(x, median, 1 / scale);
        }
    }

    /**
     * The map from the data to the learning coordinates: centring, and the span with its outlier limit.
     *
     * @param centring the centre and the scale
     * @param span     the span, or null for all of R^D
     * @param limit    the off-span distance beyond which a point is an outlier (0 without a span)
     */
    record Projection(Centring centring, Span span, double limit) implements java.io.Serializable {
        /**
         * @param centring       the centre and the scale
         * @param sample         the points of the span sample ({@link #spanSample}), in its order (not modified)
         * @param givenDimension d, or 0
         * @return the projection
         */
        static Projection of(Centring centring, double[][] sample, int givenDimension) {
            double[] median = centring.median();
            double invScale = 1 / centring.scale();
            Span span = PreparedCloud.span(sample, median, invScale, givenDimension);
            double limit = 0;
            if (span != null) {
                // outliers off the span: trim them from the sample and take the span again
                double[] off = new double[sample.length];
                for (int s = 0; s < sample.length; s++) {
                    off[s] = span.offDistance(scaled(sample[s], median, invScale));
                }
                limit = offLimit(off, span);
                double[][] trimmed = new double[sample.length][];
                int t = 0;
                for (int s = 0; s < sample.length; s++) {
                    if (off[s] <= limit) {
                        trimmed[t++] = sample[s];
                    }
                }
                if (t < sample.length) {
                    span = PreparedCloud.span(Arrays.copyOf(trimmed, t), median, invScale, givenDimension);
                    if (span != null) {
                        for (int s = 0; s < sample.length; s++) {
                            off[s] = span.offDistance(scaled(sample[s], median, invScale));
                        }
                        limit = offLimit(off, span);
                    }
                }
            }
            return new Projection(centring, span, span == null ? 0 : limit);
        }

        /** @return the learning coordinates of a point of the data (not modified) */
        double[] coordinates(double[] x) {
            double[] y = centring.scaled(x);
            return span == null ? y : span.coordinates(y);
        }

        /** @return the distance of a point of the data from the span, given its {@link #coordinates} z */
        double offDistance(double[] x, double[] z) {
            return span == null ? 0 : span.offDistance(centring.scaled(x), z);
        }

        /** @return whether a point at this {@link #offDistance} is an outlier off the span */
        boolean outlier(double off) {
            return span != null && off > limit;
        }

        /**
         * @param points  the learning coordinates of the kept points, or null when they are held elsewhere
         * @param kept    their indices among the points given, or null
         * @param gross   the gross outliers removed
         * @param offSpan the outliers off the span removed
         * @param offMax  the largest {@link #offDistance} of a kept point
         * @return the prepared cloud
         */
        PreparedCloud prepared(double[][] points, int[] kept, int gross, int offSpan, double offMax) {
            int ambient = centring.median().length;
            if (span == null) {
                return new PreparedCloud(this, points, kept, centring.median(), centring.scale(), null, ambient, gross,
                        0, 0);
            }
            double[] origin = centring.median().clone();
            for (int j = 0; j < ambient; j++) {
                origin[j] += centring.scale() * span.mean()[j];
            }
            return new PreparedCloud(this, points, kept, origin, centring.scale(), span.basis(), ambient, gross,
                    offSpan, offMax);
        }
    }

    /** @return the off-span distance beyond which a point is an outlier */
    private static double offLimit(double[] off, Span span) {
        return Math.max(OFF_SPAN_OUTLIER * median(off), OFF_SPAN_FLOOR * Math.sqrt(span.topVariance()));
    }

    private static double[] scaled(double[] x, double[] median, double invScale) {
        double[] y = new double[x.length];
        for (int j = 0; j < x.length; j++) {
            y[j] = (x[j] - median[j]) * invScale;
        }
        return y;
    }

    /**
     * The span of a sample of the scaled points.
     *
     * @param mean        the sample mean (length D)
     * @param basis       P, D×p orthonormal columns by decreasing variance
     * @param topVariance the largest eigenvalue of the sample covariance
     */
    private record Span(double[] mean, double[] basis, double topVariance) implements java.io.Serializable {
        int dimension() {
            return basis.length / mean.length;
        }

        /** @return Pᵀ(y − mean) */
        double[] coordinates(double[] y) {
            int ambient = mean.length;
            int p = dimension();
            double[] c = new double[p];
            for (int j = 0; j < ambient; j++) {
                double v = y[j] - mean[j];
                for (int a = 0; a < p; a++) {
                    c[a] += basis[j * p + a] * v;
                }
            }
            return c;
        }

        double offDistance(double[] y) {
            return offDistance(y, coordinates(y));
        }

        /** @return ‖(y − mean) − P·coords‖ */
        double offDistance(double[] y, double[] coords) {
            int ambient = mean.length;
            int p = dimension();
            double s = 0;
            for (int j = 0; j < ambient; j++) {
                double v = y[j] - mean[j];
                for (int a = 0; a < p; a++) {
                    v -= basis[j * p + a] * coords[a];
                }
                s += v * v;
            }
            return Math.sqrt(s);
        }
    }

    /** @return the span of the sampled points (see the class comment for the rule); null for all of R^D */
    private static Span span(double[][] sample, double[] median, double invScale, int givenDimension) {
        int ambient = median.length;
        int n = sample.length;
        double[] mean = new double[ambient];
        double[][] y = new double[n][];
        for (int s = 0; s < n; s++) {
            y[s] = scaled(sample[s], median, invScale);
            for (int j = 0; j < ambient; j++) {
                mean[j] += y[s][j] / n;
            }
        }
        DMatrixRMaj cov = new DMatrixRMaj(ambient, ambient);
        for (int s = 0; s < n; s++) {
            double[] v = y[s];
            for (int i = 0; i < ambient; i++) {
                double vi = (v[i] - mean[i]) / n;
                if (vi == 0) {
                    continue;
                }
                int row = i * ambient;
                for (int j = i; j < ambient; j++) {
                    cov.data[row + j] += vi * (v[j] - mean[j]);
                }
            }
        }
        for (int i = 0; i < ambient; i++) {
            for (int j = 0; j < i; j++) {
                cov.data[i * ambient + j] = cov.data[j * ambient + i];
            }
        }
        double[] lambda = new double[ambient];
        DMatrixRMaj vectors = QuadraticFit.Pca.sortedEigenvectors(cov, lambda);
        int used = 0;
        while (used < ambient && lambda[used] > ZERO_VARIANCE * lambda[0]) {
            used++;
        }
        if (givenDimension > 0 && used < givenDimension) {
            throw new InvalidInputException("points", "points that vary in at least d = " + givenDimension
                    + " directions for a manifold of dimension " + givenDimension, "variation in " + used
                    + (used == 1 ? " direction" : " directions") + " only (the other columns are constant or "
                    + "combinations of these)");
        }
        int minimum = givenDimension > 0 ? givenDimension + 1 : 2;
        int signal = signalDimension(lambda, used, n);
        int p = Math.min(ambient, Math.max(signal + 1, minimum));
        if (p == ambient) {
            return null;
        }
        double[] basis = new double[ambient * p];
        for (int i = 0; i < ambient; i++) {
            for (int a = 0; a < p; a++) {
                basis[i * p + a] = vectors.get(i, a);
            }
        }
        return new Span(mean, basis, lambda[0]);
    }

    /**
     * @param lambda the eigenvalues, decreasing
     * @param used   how many are not zero
     * @param n      the sample size
     * @return the number of leading eigenvalues that are signal: the fewest p such that the rest of the used ones are
     *     an isotropic noise bulk (see the class comment), or {@code used} when there is none
     */
    static int signalDimension(double[] lambda, int used, int n) {
        for (int p = 1; p < used; p++) {
            int k = used - p;
            if (2 * k < used) {
                break;
            }
            double[] bulk = Arrays.copyOfRange(lambda, p, used);
            double level = median(bulk);
            double edge = level * Math.pow(1 + Math.sqrt((double) k / n), 2);
            if (bulk[0] <= BULK_SPREAD * edge && lambda[p - 1] >= SIGNAL_GAP * edge) {
                return p;
            }
        }
        return used;
    }

    /** @return the distance of two points, without overflow or underflow of the squares */
    static double safeDistance(double[] a, double[] b) {
        double largest = 0;
        for (int i = 0; i < a.length; i++) {
            largest = Math.max(largest, Math.abs(a[i] - b[i]));
        }
        if (largest == 0 || !Double.isFinite(largest)) {
            return largest;
        }
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            double v = (a[i] - b[i]) / largest;
            s += v * v;
        }
        return largest * Math.sqrt(s);
    }

    private static double maxFinite(double[] values) {
        double m = 0;
        for (double v : values) {
            if (Double.isFinite(v)) {
                m = Math.max(m, v);
            }
        }
        return m;
    }

    /** @return the median (upper median for an even count) of the values (not modified) */
    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** @return the points to learn from: scaled, and in the span's coordinates when it is smaller than R^D */
    double[][] points() {
        return points;
    }

    /** @return for each point learned from, its index among the points given to {@link #of} */
    int[] kept() {
        return kept;
    }

    /** @return the map from the data to the learning coordinates */
    Projection projection() {
        return projection;
    }

    /** @return s, the scale the points were divided by */
    double scale() {
        return scale;
    }

    /** @return p, the dimension the points are learned in */
    int spanDimension() {
        return basis == null ? ambient : basis.length / ambient;
    }

    /** @return points removed as gross outliers or as outliers off the span */
    int outliers() {
        return grossOutliers + offSpanOutliers;
    }

    /**
     * @param offAtlasTolerance the learned atlas's off-atlas tolerance, in the data's units
     * @return the span in the data's units: origin, basis and a tolerance of twice the farthest kept point's distance
     *     from it, at least the off-atlas tolerance; all of R^D when nothing was dropped
     */
    AtlasModel.Span span(double offAtlasTolerance) {
        if (basis == null) {
            return AtlasModel.Span.whole();
        }
        return new AtlasModel.Span(origin, basis, Math.max(offAtlasTolerance, 2 * scale * offSpanMax));
    }

    /**
     * Lifts a point of the learning coordinates to R^D: {@code o + s·P·z}, or {@code o + s·y} without a span.
     *
     * @param z a point in learning coordinates (not modified)
     * @return the point in the data's units
     */
    double[] liftPoint(double[] z) {
        double[] x = origin.clone();
        if (basis == null) {
            for (int j = 0; j < ambient; j++) {
                x[j] += scale * z[j];
            }
            return x;
        }
        int p = z.length;
        for (int j = 0; j < ambient; j++) {
            double s = 0;
            for (int a = 0; a < p; a++) {
                s += basis[j * p + a] * z[a];
            }
            x[j] += scale * s;
        }
        return x;
    }

    /**
     * Lifts directions: the columns of a p×c matrix mapped by P (orthonormal columns stay orthonormal).
     *
     * @param columns a p×c row-major matrix
     * @param c       its number of columns
     * @return the D×c matrix {@code P·columns}, or a copy without a span
     */
    double[] liftBasis(double[] columns, int c) {
        if (basis == null) {
            return columns.clone();
        }
        int p = spanDimension();
        double[] out = new double[ambient * c];
        for (int j = 0; j < ambient; j++) {
            for (int a = 0; a < p; a++) {
                double pja = basis[j * p + a];
                if (pja == 0) {
                    continue;
                }
                for (int k = 0; k < c; k++) {
                    out[j * c + k] += pja * columns[a * c + k];
                }
            }
        }
        return out;
    }

    /**
     * Lifts a chart learned on the prepared points to the data's units: centre and origin by {@link #liftPoint}, L
     * and M by {@link #liftBasis}, lengths times s, K divided by s; the frame quadric of the boundary is the same
     * (frame coordinates z = (L | M)ᵀ(x − c)/r are unchanged by the lift).
     *
     * @param m a chart model in learning coordinates
     * @return the chart model in R^D
     */
    ChartModel lift(ChartModel m) {
        int d = m.dimension();
        int normal = m.normalDimension();
        double[] k = m.curvature();
        for (int i = 0; i < k.length; i++) {
            k[i] /= scale;
        }
        return new ChartModel(liftPoint(m.centre()), liftPoint(m.origin()), liftBasis(m.tangentBasis(), d),
                liftBasis(m.normalBasis(), normal), k, scale * m.radius(), scale * m.coordinateRadius(),
                scale * m.trustRadius(), scale * m.supportRadius(), m.boundaryMatrix(), m.boundaryLinear(),
                m.boundaryConstant(), scale * m.fitResidual(), m.pointCount(), m.fit());
    }
}
