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
 * on the explicit features {@code φ'(y) = (y | yᵢ² | √2 yᵢyⱼ (i &lt; j))} of the scaled ambient point
 * {@code y = (x − centre)/r}, whose inner products are {@code y·y' + (y·y')²}: exactly the kernel k' of App. F.3, so
 * training the linear SVM on them is training the kernel SVM without the kernel matrix.
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

    /** An ambient quadric {@code yᵀAy + gᵀy + a₀} in the scaled coordinates y = (x − centre)/r. */
    record Quadric(double[] matrix, double[] linear, double constant) {
        /** @return the quadric whose zero set is the unit sphere, negative inside: the ball of radius r */
        static Quadric ball(int ambient) {
            double[] a = new double[ambient * ambient];
            for (int i = 0; i < ambient; i++) {
                a[i * ambient + i] = 1;
            }
            return new Quadric(a, new double[ambient], -1);
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

    /** @return the number of explicit quadratic features of an ambient point of dimension D, D(D+3)/2 */
    static int featureCount(int ambient) {
        return ambient * (ambient + 3) / 2;
    }

    /** @return φ'(y) as LIBLINEAR features (1-based indices) */
    static Feature[] features(double[] y) {
        int n = y.length;
        Feature[] f = new Feature[featureCount(n)];
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

    /** @return y = (x − centre)/r */
    static double[] scaled(double[] x, double[] centre, double r) {
        double[] y = new double[x.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = (x[i] - centre[i]) / r;
        }
        return y;
    }

    /**
     * Trains the SVM.
     *
     * @param points   the data (not modified)
     * @param samples  indices of the training points
     * @param positive for each sample, whether it belongs to the chart
     * @param centre   the chart's centre
     * @param r        the chart's radius
     * @param seed     seeds LIBLINEAR's coordinate order
     * @return the quadric −(w·φ'(y) + b); the ball when one class is empty
     */
    static Quadric train(double[][] points, int[] samples, boolean[] positive, double[] centre, double r, long seed) {
        int positives = 0;
        for (boolean p : positive) {
            positives += p ? 1 : 0;
        }
        if (positives == 0 || positives == samples.length) {
            return Quadric.ball(centre.length);
        }
        return quadric(model(points, samples, positive, centre, r, seed), centre.length);
    }

    /** @return the LIBLINEAR model of the soft-margin SVM on φ'(y), both classes present */
    static Model model(double[][] points, int[] samples, boolean[] positive, double[] centre, double r, long seed) {
        Problem problem = new Problem();
        problem.l = samples.length;
        problem.n = featureCount(centre.length) + 1;
        problem.bias = 1;
        problem.x = new Feature[samples.length][];
        problem.y = new double[samples.length];
        for (int s = 0; s < samples.length; s++) {
            problem.x[s] = withBias(features(scaled(points[samples[s]], centre, r)), problem.n);
            problem.y[s] = positive[s] ? 1 : -1;
        }
        Parameter parameter = new Parameter(SolverType.L2R_L2LOSS_SVC, SOFT_MARGIN, STOPPING_TOLERANCE);
        parameter.setRandom(new Random(seed));
        return Linear.train(problem, parameter);
    }

    /** @return the features with LIBLINEAR's bias feature (value 1, index {@code n}) appended */
    static Feature[] withBias(Feature[] f, int n) {
        Feature[] out = java.util.Arrays.copyOf(f, f.length + 1);
        out[f.length] = new FeatureNode(n, 1);
        return out;
    }

    /** @return the quadric −(decision value for "member") of a trained model */
    static Quadric quadric(Model model, int ambient) {
        // LIBLINEAR's weights score its first label; the quadric is negative where the member class scores
        double sign = model.getLabels()[0] == 1 ? 1 : -1;
        return fromWeights(model.getFeatureWeights(), ambient, -sign);
    }

    /**
     * Turns weights of φ'(y) (plus a trailing bias weight) into the quadric {@code factor·(w·φ'(y) + b)}.
     */
    static Quadric fromWeights(double[] w, int ambient, double factor) {
        double[] a = new double[ambient * ambient];
        double[] g = new double[ambient];
        int c = 0;
        for (int i = 0; i < ambient; i++) {
            g[i] = factor * w[c++];
        }
        for (int i = 0; i < ambient; i++) {
            for (int j = i; j < ambient; j++) {
                double v = factor * w[c++];
                if (i == j) {
                    a[i * ambient + i] = v;
                } else {
                    a[i * ambient + j] = v / Math.sqrt(2);
                    a[j * ambient + i] = v / Math.sqrt(2);
                }
            }
        }
        return new Quadric(a, g, factor * w[c]);
    }
}
