package org.atlasgraph.report;

import java.util.Arrays;

/**
 * Ground-truth distances from {@link SurfaceGeodesics} together with their stated error: the distances of the fine
 * solve and those of the coarse solve at half its resolution, whose relative change bounds how much the answer still
 * moves with resolution.
 */
public final class GroundTruth {
    private final double[] distances;
    private final double[] coarse;
    private final String method;

    GroundTruth(double[] distances, double[] coarse, String method) {
        this.distances = distances;
        this.coarse = coarse;
        this.method = method;
    }

    /** @return the distances of the fine solve, one per pair (a copy) */
    public double[] distances() {
        return distances.clone();
    }

    /** @return the distances of the coarse solve at half the resolution, one per pair (a copy) */
    public double[] coarseDistances() {
        return coarse.clone();
    }

    /** @return the number of pairs */
    public int size() {
        return distances.length;
    }

    /** @return max over pairs of |fine − coarse| / fine (0 for no pairs; pairs at distance 0 count as 0) */
    public double maxRelativeChange() {
        return Arrays.stream(relativeChanges()).max().orElse(0);
    }

    /** @return the mean over pairs of |fine − coarse| / fine (0 for no pairs) */
    public double meanRelativeChange() {
        return Arrays.stream(relativeChanges()).average().orElse(0);
    }

    /** @return one sentence saying how the distances were computed, for the report */
    public String method() {
        return method;
    }

    private double[] relativeChanges() {
        double[] r = new double[distances.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = distances[i] > 0 ? Math.abs(distances[i] - coarse[i]) / distances[i] : 0;
        }
        return r;
    }
}
