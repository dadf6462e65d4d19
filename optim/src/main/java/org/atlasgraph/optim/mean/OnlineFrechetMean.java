package org.atlasgraph.optim.mean;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The online Fréchet mean of a stream of samples X₁, X₂, … on any manifold, the inductive estimator GiFEE of §3.2:
 * {@code M₁ = X₁} and {@code M_{i+1} = step(M_i, X_{i+1}, 1/(i+1))}, where the step is a {@link FrechetScheme}. The
 * default {@link FrechetScheme#atlas() atlas} scheme keeps the estimate in normal coordinates at a chart centre that
 * follows it, read off the chart's coordinates ({@code RunningMeanEstimator} states the re-centring rule and why the
 * estimate converges to the Fréchet mean); on the Grassmann atlas it is ATLAS_Frechet (Alg. 1) with the chart's
 * normal-coordinate correction folded into its kernel.
 *
 * <p>Memory is constant in N: samples are consumed one at a time and never retained. Nothing is timed here:
 * {@linkplain #listen attached} listeners run around every update, and an {@link UpdateTimer} among them measures the
 * cost §3.2 and Fig. 1 compare. Instances are mutable and not thread-safe; run one per thread.
 *
 * <pre>{@code
 * OnlineFrechetMean mean = new OnlineFrechetMean(manifold);        // the atlas scheme
 * FrechetMeanResult r = mean.run(samples, FrechetListener.none()); // or mean.add(x) one sample at a time
 * }</pre>
 */
public final class OnlineFrechetMean {
    private final Manifold manifold;
    private final FrechetScheme scheme;
    private final MeanEstimator estimator;
    private final List<FrechetListener> listeners = new ArrayList<>();
    private long count;

    /**
     * An online mean with the atlas-graph scheme, the manifold's default retraction and inverse retraction.
     *
     * @param manifold the manifold
     */
    public OnlineFrechetMean(Manifold manifold) {
        this(manifold, FrechetScheme.atlas());
    }

    /**
     * An online mean with a given update scheme.
     *
     * @param manifold the manifold
     * @param scheme   the update scheme
     * @throws InvalidInputException naming the scheme if it cannot run on this manifold
     */
    public OnlineFrechetMean(Manifold manifold, FrechetScheme scheme) {
        this.manifold = Objects.requireNonNull(manifold, "manifold");
        this.scheme = Objects.requireNonNull(scheme, "scheme");
        this.estimator = scheme.estimator(manifold);
    }

    /**
     * Attaches a listener that runs around every later update (see {@link FrechetListener} for the order).
     *
     * @param listener the listener
     * @return this mean
     */
    public OnlineFrechetMean listen(FrechetListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
        return this;
    }

    /**
     * Adds one sample: {@code M₁ = X₁} for the first, {@code M ← step(M, X, 1/(i+1))} for the (i+1)-th.
     *
     * @param sample an ambient point of length D (not modified, not retained: the caller may reuse the array)
     * @throws InvalidInputException naming the sample by its 1-based position if its length is wrong, an entry is
     *     not finite, or the scheme cannot reach it from the estimate (beyond the reach of the estimate's chart and
     *     of the manifold's Riemannian logarithm); the estimate is then the same point, possibly re-centred
     * @throws org.atlasgraph.api.check.NotOnManifoldException from the manifold's ingestion if the sample is not a
     *     point of the manifold (chart-based schemes check it where they ingest it; ambient steps trust it)
     */
    public void add(double[] sample) {
        // The message is built only for a bad sample: a valid one costs a pass over its entries (none where the
        // estimator rejects non-finite entries itself, from the second sample on), no allocation.
        boolean delegated = count > 0 && estimator.rejectsNonFinite();
        if (delegated ? sample.length != manifold.ambientDimension()
                : !isFiniteOfLength(sample, manifold.ambientDimension())) {
            requireValid(sample);
        }
        for (int i = 0; i < listeners.size(); i++) {
            listeners.get(i).beforeSample(this);
        }
        if (count == 0) {
            estimator.initialize(sample);
        } else if (!update(sample, delegated)) {
            String chart = estimator.chartPoint().map(p -> "chart " + p.chart().id() + " of the estimate")
                    .orElse("the estimate");
            throw new InvalidInputException("sample " + (count + 1), "a point that " + chart + " can reach",
                    "one beyond its reach", manifold.name() + " has no Riemannian logarithm that joins them");
        }
        count++;
        for (int i = listeners.size() - 1; i >= 0; i--) {
            listeners.get(i).afterSample(this);
        }
    }

    /** The estimator's update; where it checked the entries, its rejection re-worded to name the sample. */
    private boolean update(double[] sample, boolean delegated) {
        try {
            return estimator.update(sample, 1.0 / (count + 1));
        } catch (InvalidInputException e) {
            if (delegated) {
                requireValid(sample);
            }
            throw e;
        }
    }

    private void requireValid(double[] sample) {
        Checks.requireFiniteOfLength("sample " + (count + 1), sample, manifold.ambientDimension(),
                "ambient dimension of " + manifold.name());
    }

    private static boolean isFiniteOfLength(double[] sample, int length) {
        if (sample.length != length) {
            return false;
        }
        for (double v : sample) {
            if (!Double.isFinite(v)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Adds every remaining sample of a stream, calling the listener after each.
     *
     * @param samples  the stream; each array is read once and may be reused by the iterator afterwards
     * @param listener called after every sample, after the attached listeners
     * @return the result after the last sample
     * @throws InvalidInputException if the mean has no sample at the end, or a sample is invalid
     */
    public FrechetMeanResult run(Iterator<double[]> samples, FrechetListener listener) {
        Objects.requireNonNull(listener, "listener");
        while (samples.hasNext()) {
            add(samples.next());
            listener.afterSample(this);
        }
        return result();
    }

    /**
     * @return the result so far: scheme, N, chart changes and the current estimate
     * @throws InvalidInputException if no sample has been added
     */
    public FrechetMeanResult result() {
        double[] mean = estimate().orElseThrow(() -> new InvalidInputException("samples",
                "at least one sample", "none"));
        return new FrechetMeanResult(scheme.name(), count, estimator.chartChanges(),
                Coordinates.ofComputed(scheme.name(), mean));
    }

    /** @return the manifold */
    public Manifold manifold() {
        return manifold;
    }

    /** @return the update scheme */
    public FrechetScheme scheme() {
        return scheme;
    }

    /** @return the number of samples added so far */
    public long count() {
        return count;
    }

    /** @return how often the estimate has moved to another chart (0 for ambient schemes) */
    public long chartChanges() {
        return estimator.chartChanges();
    }

    /** @return the ambient representation of the current estimate M_i (a new array), or empty before any sample */
    public Optional<double[]> estimate() {
        return count == 0 ? Optional.empty() : Optional.of(estimator.ambient());
    }

    /** @return the current estimate as a chart point for chart-based schemes; empty before any sample or otherwise */
    public Optional<ChartPoint> chartPoint() {
        return count == 0 ? Optional.empty() : estimator.chartPoint();
    }

    @Override
    public String toString() {
        return "OnlineFrechetMean[" + scheme.name() + " on " + manifold.name() + ", " + count + " samples]";
    }
}
