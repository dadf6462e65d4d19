package org.atlasgraph.pointcloud;

import de.bwaldvogel.liblinear.Feature;
import de.bwaldvogel.liblinear.FeatureNode;
import de.bwaldvogel.liblinear.Linear;
import de.bwaldvogel.liblinear.Model;
import de.bwaldvogel.liblinear.Parameter;
import de.bwaldvogel.liblinear.Problem;
import de.bwaldvogel.liblinear.SolverType;
import java.util.Random;

/**
 * The transition boundary of a chart as a soft-margin SVM with the quadratic kernel of App. F.3, trained by LIBLINEAR
 * on the explicit features {@code φ'(y) = (y | yᵢ² | √2 yᵢyⱼ (i &lt; j))} of a point's frame coordinates
 * {@code y = z = (L | M)ᵀ(x − c)/r} ({@link ChartModel}), whose inner products are {@code y·y' + (y·y')²}: exactly the
 * kernel k' of App. F.3, so training the linear SVM on them is training the kernel SVM without the kernel matrix.
 * The SVM is trained on surface points, which lie in the chart's frame, so the frame loses nothing of R^D and the
 * number of features, (d+m)(d+m+3)/2, does not grow with D.
 *
 * <p>The decision function {@code w·φ'(y) + b} is positive on the points that belong to the chart. We store its
 * negative as the quadric {@code Q(y) = yᵀAy + gᵀy + a₀} (negative inside), which {@link ChartBoundary} reduces to the
 * quartic of eq. (4.3). Scaling by r makes the features O(1), so one value of the soft-margin constant suits every
 * chart and every data set.
 */
final class BoundarySvm {
    /** Soft-margin constant: large enough to follow the curved cell boundaries, small enough to tolerate overlap. */
    static final double SOFT_MARGIN = 10;
    /**
     * Stopping tolerance of LIBLINEAR's primal trust-region Newton solver (its default is 0.01; at 0.05 training is
     * about twice as fast and misclassifies under 1.5% of a Klein chart's ball instead of 1%). The primal solver is
     * used because with 55 features and hundreds of nearly separable points per chart it converges in a few Newton
     * steps, where dual coordinate descent needs thousands of passes.
     */
    static final double STOPPING_TOLERANCE = 0.05;

    static {
        Linear.disableDebugOutput();
    }

    private BoundarySvm() {
    }

    /** A quadric {@code yᵀAy + gᵀy + a₀} in a chart's frame coordinates y. */
    record Quadric(double[] matrix, double[] linear, double constant) {
        /**
         * @return the quadric whose zero set is the unit sphere of R^n, negative inside: the frame's ball of radius r
         */
        static Quadric ball(int n) {
            double[] a = new double[n * n];
            for (int i = 0; i < n; i++) {
                a[i * n + i] = 1;
            }
            return new Quadric(a, new double[n], -1);
        }

        Quadric shifted(double delta) {
            return new Quadric(matrix, linear, constant + delta);
        }

        double value(double[] y) {
            int n = y.length;
            double s = constant;
            for (int i = 0; i < n; i++) {
                double row = linear[i];
                for (int j = 0; j < n; j++) {
                    row += matrix[i * n + j] * y[j];
                }
                s += row * y[i];
            }
            return s;
        }
    }

    /** @return the number of explicit quadratic features of a point of dimension n, n(n+3)/2 */
    static int featureCount(int n) {
        return n * (n + 3) / 2;
    }

    /** @return φ'(y) as LIBLINEAR features (1-based indices) */
    static Feature[] features(double[] y) {
        return features(y, 0);
    }

    /** @return φ'(y) as LIBLINEAR features (1-based indices), followed by {@code extra} empty slots */
    private static Feature[] features(double[] y, int extra) {
        int n = y.length;
        Feature[] f = new Feature[featureCount(n) + extra];
        int c = 0;
        for (int i = 0; i < n; i++) {
            f[c] = new FeatureNode(c + 1, y[i]);
            c++;
        }
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                f[c] = new FeatureNode(c + 1, i == j ? y[i] * y[i] : Math.sqrt(2) * y[i] * y[j]);
                c++;
            }
        }
        return f;
    }

    /**
     * Trains the SVM.
     *
     * @param frame    the training points' frame coordinates y (not modified)
     * @param positive for each point, whether it belongs to the chart
     * @param seed     seeds LIBLINEAR's coordinate order
     * @return the quadric −(w·φ'(y) + b); the unit ball when one class is empty
     */
    static Quadric train(double[][] frame, boolean[] positive, long seed) {
        TrainingSet set = new TrainingSet(frame[0].length);
        for (int s = 0; s < frame.length; s++) {
            set.add(frame[s], positive[s]);
        }
        return set.train(seed);
    }

    /** @return the LIBLINEAR model of the soft-margin SVM on φ'(y), both classes present */
    static Model model(double[][] frame, boolean[] positive, long seed) {
        TrainingSet set = new TrainingSet(frame[0].length);
        for (int s = 0; s < frame.length; s++) {
            set.add(frame[s], positive[s]);
        }
        return set.model(seed);
    }

    /**
     * Training points of one chart's SVM with their features computed once, so that retraining with points added
     * (the rounds of {@code AtlasLearner.boundary}) does not compute them again.
     */
    static final class TrainingSet {
        private final int n;
        private final FeatureRows rows;
        private final java.util.List<Feature[]> features = new java.util.ArrayList<>();
        private final java.util.List<Boolean> labels = new java.util.ArrayList<>();
        private int positives;

        /** @param n the dimension of the frame coordinates */
        TrainingSet(int n) {
            this(n, new FeatureRows());
        }

        /**
         * A training set whose features are written into reused rows: the rows of the previous training set that used
         * them are overwritten, so that one must no longer be used.
         *
         * @param n    the dimension of the frame coordinates
         * @param rows the rows, of this thread alone
         */
        TrainingSet(int n, FeatureRows rows) {
            this.n = n;
            this.rows = rows;
            rows.reset();
        }

        /**
         * @param y        a point's frame coordinates (not modified)
         * @param positive whether it belongs to the chart
         */
        void add(double[] y, boolean positive) {
            Feature[] f = rows.next(featureCount(n) + 1);
            int c = 0;
            for (int i = 0; i < n; i++) {
                f[c++].setValue(y[i]);
            }
            for (int i = 0; i < n; i++) {
                for (int j = i; j < n; j++) {
                    f[c++].setValue(i == j ? y[i] * y[i] : Math.sqrt(2) * y[i] * y[j]);
                }
            }
            f[c].setValue(1);
            features.add(f);
            labels.add(positive);
            positives += positive ? 1 : 0;
        }

        /** @return the quadric −(w·φ'(y) + b) of the SVM trained on the points so far; the unit ball if one class is
         *     empty */
        Quadric train(long seed) {
            if (positives == 0 || positives == labels.size()) {
                return Quadric.ball(n);
            }
            return quadric(model(seed), n);
        }

        /** @return the LIBLINEAR model, both classes present */
        Model model(long seed) {
            Problem problem = new Problem();
            problem.l = features.size();
            problem.n = featureCount(n) + 1;
            problem.bias = 1;
            problem.x = features.toArray(new Feature[0][]);
            problem.y = new double[problem.l];
            for (int s = 0; s < problem.l; s++) {
                problem.y[s] = labels.get(s) ? 1 : -1;
            }
            Parameter parameter = new Parameter(SolverType.L2R_L2LOSS_SVC, SOFT_MARGIN, STOPPING_TOLERANCE);
            parameter.setRandom(new Random(seed));
            return Linear.train(problem, parameter);
        }
    }

    /**
     * LIBLINEAR feature rows {@code (1, v₁), …, (k, v_k)} kept from one training set to the next, their values written
     * over: the training sets of a learner's charts hold 10⁵–10⁶ features in all, and one object per feature made
     * afresh for each was the learner's largest source of garbage. Not thread-safe: one per thread.
     */
    static final class FeatureRows {
        private final java.util.List<Feature[]> rows = new java.util.ArrayList<>();
        private int used;

        /** Makes every row available again (their values are then written over). */
        void reset() {
            used = 0;
        }

        /** @return a row of k features with indices 1…k, not handed out since the last {@link #reset} */
        Feature[] next(int k) {
            if (used < rows.size() && rows.get(used).length == k) {
                return rows.get(used++);
            }
            Feature[] row = new Feature[k];
            for (int c = 0; c < k; c++) {
                row[c] = new FeatureNode(c + 1, 0);
            }
            if (used < rows.size()) {
                rows.set(used++, row);
            } else {
                rows.add(row);
                used++;
            }
            return row;
        }
    }

    /** @return the features with LIBLINEAR's bias feature (value 1, index {@code n}) appended */
    static Feature[] withBias(Feature[] f, int n) {
        Feature[] out = java.util.Arrays.copyOf(f, f.length + 1);
        out[f.length] = new FeatureNode(n, 1);
        return out;
    }

    /** @return the quadric −(decision value for "member") of a trained model */
    static Quadric quadric(Model model, int n) {
        // LIBLINEAR's weights score its first label; the quadric is negative where the member class scores
        double sign = model.getLabels()[0] == 1 ? 1 : -1;
        return fromWeights(model.getFeatureWeights(), n, -sign);
    }

    /**
     * Turns weights of φ'(y) (plus a trailing bias weight) into the quadric {@code factor·(w·φ'(y) + b)}.
     */
    static Quadric fromWeights(double[] w, int n, double factor) {
        double[] a = new double[n * n];
        double[] g = new double[n];
        int c = 0;
        for (int i = 0; i < n; i++) {
            g[i] = factor * w[c++];
        }
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double v = factor * w[c++];
                if (i == j) {
                    a[i * n + i] = v;
                } else {
                    a[i * n + j] = v / Math.sqrt(2);
                    a[j * n + i] = v / Math.sqrt(2);
                }
            }
        }
        return new Quadric(a, g, factor * w[c]);
    }
}
