package org.atlasgraph.report.experiments;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.pointcloud.LearningSummary;
import org.atlasgraph.report.Figures;
import org.atlasgraph.report.HtmlReport;
import org.atlasgraph.report.Table;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * Evidence for the intrinsic dimension of a point cloud, independent of the learner's own estimate: multiscale local
 * PCA (Little et al., cited in §4.1). Around random anchors, the k nearest points for several k are centred and their
 * singular values √λ₁ ≥ √λ₂ ≥ … taken; in the d tangent directions they grow in proportion to the neighbourhood's
 * radius, in the others they stay at the noise level or grow with its square (curvature). Averaged over anchors and
 * divided by √λ₁, the spectrum at each scale drops after index d: the largest drop is the evidence.
 */
final class LocalSpectra {
    private static final int ANCHORS = 40;
    private static final int SUBSAMPLE = 4000;
    private static final int SCALES = 4;
    private static final int SHOWN = 10;

    private LocalSpectra() {
    }

    /**
     * The averaged spectra.
     *
     * @param neighbours the neighbourhood sizes k, increasing
     * @param radii      the mean distance of the k-th neighbour at each scale
     * @param spectra    per scale, the mean normalized singular values √λᵢ/√λ₁ for i = 1…min(D, 10)
     * @param largestGap per scale, the index i after which the mean spectrum drops most
     */
    record Result(int[] neighbours, double[] radii, double[][] spectra, int[] largestGap) {
    }

    /**
     * Computes the spectra.
     *
     * @param points the cloud, N×D with N ≥ 2D (not modified)
     * @param seed   the seed of the subsample and the anchors
     * @return the spectra
     */
    static Result of(double[][] points, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        int dim = points[0].length;
        int[] sample = DistanceExperiment.choose(points.length, Math.min(SUBSAMPLE, points.length), seed);
        int s = sample.length;
        List<Integer> ks = new ArrayList<>();
        for (int k = Math.max(2 * dim, 12); ks.size() < SCALES && k <= s; k *= 2) {
            ks.add(k);
        }
        if (ks.isEmpty()) {
            ks.add(s);
        }
        int shown = Math.min(dim, SHOWN);
        double[][] spectra = new double[ks.size()][shown];
        double[] radii = new double[ks.size()];
        int anchors = Math.min(ANCHORS, s);
        double[] dist = new double[s];
        Integer[] order = new Integer[s];
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(dim, false, true);
        for (int a = 0; a < anchors; a++) {
            double[] anchor = points[sample[rng.nextInt(s)]];
            for (int i = 0; i < s; i++) {
                dist[i] = Vectors.squaredDistance(anchor, points[sample[i]]);
                order[i] = i;
            }
            Arrays.sort(order, (x, y) -> Double.compare(dist[x], dist[y]));
            for (int c = 0; c < ks.size(); c++) {
                int k = ks.get(c);
                radii[c] += Math.sqrt(dist[order[k - 1]]) / anchors;
                double[] values = singularValues(points, sample, order, k, dim, eig);
                for (int i = 0; i < shown; i++) {
                    spectra[c][i] += (values[0] > 0 ? values[i] / values[0] : 0) / anchors;
                }
            }
        }
        int[] gap = new int[ks.size()];
        for (int c = 0; c < ks.size(); c++) {
            double best = -1;
            for (int i = 0; i + 1 < shown; i++) {
                double drop = spectra[c][i] - spectra[c][i + 1];
                if (drop > best) {
                    best = drop;
                    gap[c] = i + 1;
                }
            }
        }
        return new Result(ks.stream().mapToInt(Integer::intValue).toArray(), radii, spectra, gap);
    }

    private static double[] singularValues(double[][] points, int[] sample, Integer[] order, int k, int dim,
                                           EigenDecomposition_F64<DMatrixRMaj> eig) {
        double[] mean = new double[dim];
        for (int r = 0; r < k; r++) {
            double[] p = points[sample[order[r]]];
            for (int j = 0; j < dim; j++) {
                mean[j] += p[j] / k;
            }
        }
        DMatrixRMaj cov = new DMatrixRMaj(dim, dim);
        for (int r = 0; r < k; r++) {
            double[] p = points[sample[order[r]]];
            for (int i = 0; i < dim; i++) {
                double di = p[i] - mean[i];
                for (int j = 0; j <= i; j++) {
                    cov.add(i, j, di * (p[j] - mean[j]) / k);
                }
            }
        }
        for (int i = 0; i < dim; i++) {
            for (int j = 0; j < i; j++) {
                cov.set(j, i, cov.get(i, j));
            }
        }
        if (!eig.decompose(cov)) {
            throw new ArithmeticException("local PCA: the eigendecomposition of a " + dim + "×" + dim
                    + " covariance did not converge");
        }
        double[] values = new double[dim];
        for (int i = 0; i < dim; i++) {
            values[i] = Math.sqrt(Math.max(0, eig.getEigenvalue(i).getReal()));
        }
        Arrays.sort(values);
        for (int i = 0; i < dim / 2; i++) {
            double t = values[i];
            values[i] = values[dim - 1 - i];
            values[dim - 1 - i] = t;
        }
        return values;
    }

    /**
     * Writes the evidence into the page.
     *
     * @param r       the spectra
     * @param learned what the learner found: its d and, where it estimated d, its eigengap profile
     * @param page    the page
     */
    static void render(Result r, LearningSummary learned, HtmlReport page) {
        List<String> header = new ArrayList<>(List.of("neighbours k", "mean radius"));
        int shown = r.spectra()[0].length;
        for (int i = 1; i <= shown; i++) {
            header.add("√λ" + i + "/√λ1");
        }
        header.add("largest drop after");
        List<List<String>> rows = new ArrayList<>();
        Map<String, double[][]> series = new LinkedHashMap<>();
        for (int c = 0; c < r.neighbours().length; c++) {
            List<String> row = new ArrayList<>(List.of(String.valueOf(r.neighbours()[c]),
                    String.format(Locale.ROOT, "%.4g", r.radii()[c])));
            double[] index = new double[shown];
            for (int i = 0; i < shown; i++) {
                row.add(String.format(Locale.ROOT, "%.3f", r.spectra()[c][i]));
                index[i] = i + 1;
            }
            row.add("i = " + r.largestGap()[c]);
            rows.add(row);
            series.put("k = " + r.neighbours()[c], new double[][] {index, r.spectra()[c]});
        }
        List<String> profile = new ArrayList<>();
        for (int i = 0; i < learned.dimensionEvidence().size(); i++) {
            profile.add(String.format(Locale.ROOT, "%d: %.3f", i + 1, learned.dimensionEvidence().get(i)));
        }
        page.paragraph("Intrinsic dimension: " + (learned.dimensionEstimated() ? "the learner estimated d = "
                + learned.dimension() + " from its eigengap profile (mean normalized gap of local PCA after index "
                + "i, the largest marks d): " + String.join(", ", profile) + "." : "d = " + learned.dimension()
                + " was given.") + " The evidence below is computed separately: around " + ANCHORS + " random "
                + "points, the "
                + "singular values of their k nearest neighbours, divided by the largest and averaged. In d tangent "
                + "directions they stay comparable; the others are small (noise, curvature): the spectrum drops after "
                + "index d.");
        page.table(new Table("Local PCA spectra at several scales", header, rows));
        page.figure("local-spectra", Figures.semiLog("local PCA: mean √λi/√λ1 against i", "index i",
                "√λi / √λ1", series, true), "Normalized local singular values against their index, one line per "
                + "neighbourhood size: the drop marks the intrinsic dimension");
    }
}
