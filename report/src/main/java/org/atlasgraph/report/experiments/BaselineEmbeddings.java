package org.atlasgraph.report.experiments;

import java.util.ArrayList;
import java.util.List;
import org.atlasgraph.report.Baseline;
import org.atlasgraph.report.Embedding;

/**
 * The baselines of Fig. 4 and Fig. 5 applied to one point cloud: each {@link Baseline} that the cloud's dimension
 * allows, timed, with a note for each one left out (PCA-5 of a cloud in fewer than five dimensions).
 */
final class BaselineEmbeddings {
    private BaselineEmbeddings() {
    }

    /**
     * One baseline's embedding.
     *
     * @param baseline  the method
     * @param embedding its coordinates, one row per point of the cloud
     * @param seconds   the wall time of the embedding
     */
    record Computed(Baseline baseline, Embedding embedding, double seconds) {
    }

    /**
     * The embeddings of a cloud.
     *
     * @param embeddings one per baseline that ran, in the order of {@link Baseline}
     * @param skipped    a sentence per baseline that did not
     */
    record Result(List<Computed> embeddings, List<String> skipped) {
    }

    /**
     * Embeds a cloud with every baseline its dimension allows.
     *
     * @param points   the cloud (not modified)
     * @param seed     the seed of every baseline's random choices
     * @param listener hears one task per baseline
     * @return the embeddings
     */
    static Result compute(double[][] points, long seed, ReportListener listener) {
        List<Computed> out = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        int dim = points[0].length;
        for (Baseline b : Baseline.values()) {
            int target = b == Baseline.PCA_5 ? 5 : 2;
            if (dim <= target) {
                skipped.add(b.label() + " left out: the points have " + dim + " coordinates, not more than its "
                        + target);
                continue;
            }
            try (ReportListener.Task task = listener.start("embed " + b.label(), 0)) {
                long start = System.nanoTime();
                Embedding e = b.embed(points, seed);
                out.add(new Computed(b, e, (System.nanoTime() - start) * 1e-9));
            }
        }
        return new Result(List.copyOf(out), List.copyOf(skipped));
    }
}
