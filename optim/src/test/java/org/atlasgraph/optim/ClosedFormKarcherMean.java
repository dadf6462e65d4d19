package org.atlasgraph.optim;

import java.util.List;
import org.atlasgraph.api.capability.ExactGeometry;

/** The reference Karcher mean of the tests: batch descent with closed-form exp and log only, no charts. */
public final class ClosedFormKarcherMean {
    private ClosedFormKarcherMean() {
    }

    /**
     * Batch Riemannian gradient descent {@code x ← Exp_x(mean Log_x(x_i))} from the first point to a fixed point.
     *
     * @param exact the manifold's closed forms
     * @param data  ambient points (not modified)
     * @return the mean, an ambient point
     */
    public static double[] of(ExactGeometry exact, List<double[]> data) {
        double[] x = data.get(0).clone();
        for (int it = 0; it < 1000; it++) {
            double[] step = new double[x.length];
            for (double[] y : data) {
                double[] v = exact.log(x, y);
                for (int i = 0; i < step.length; i++) {
                    step[i] += v[i] / data.size();
                }
            }
            x = exact.exp(x, step);
            if (TestLinearAlgebra.norm(step) < 1e-15) {
                break;
            }
        }
        return x;
    }
}
