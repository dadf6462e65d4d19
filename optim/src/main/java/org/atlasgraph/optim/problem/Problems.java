package org.atlasgraph.optim.problem;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.optim.descent.Objective;

/**
 * The built-in problems: the Rayleigh quotient on a sphere (leading eigenvector), the block Rayleigh quotient on a
 * Grassmannian (dominant subspace; the Brockett cost with N = I, the form it takes on Gr(n,k)), and the Karcher mean of
 * a sample on any manifold with a Riemannian logarithm.
 *
 * <p>The matrices and start points are deterministic closed forms with no random numbers, so that another library
 * (Pymanopt, Manopt) can build the same problem from the same formulas: A = Q Λ Qᵀ, where Q = H(u)H(v) is a product of
 * two Householder reflections with {@code u_i = sin(i + 1)}, {@code v_i = cos(2i + 1)} (i = 0…n−1), and Λ the
 * {@linkplain #spectrum spectrum} whose top-k gap is 0.1, so that the Riemannian Hessian at the minimizer has
 * condition number 10 (k = 1) or 20 (k &gt; 1) whatever n.
 */
public final class Problems {
    private Problems() {
    }

    /**
     * The eigenvalues of the test matrices, decreasing: the top k spread linearly over [1, 2) (λ_k = 1, λ₁ = 2 − 1/k),
     * the other n − k linearly over [0, 0.9] (λ_{k+1} = 0.9, λ_n = 0).
     *
     * @param n the size, ≥ k + 2
     * @param k the dimension of the dominant subspace, ≥ 1
     * @return λ₁ ≥ … ≥ λ_n
     * @throws InvalidInputException if the sizes are out of range
     */
    public static double[] spectrum(int n, int k) {
        if (k < 1 || n < k + 2) {
            throw new InvalidInputException("n, k", "1 ≤ k ≤ n − 2", "n = " + n + ", k = " + k);
        }
        double[] lambda = new double[n];
        for (int i = 0; i < k; i++) {
            lambda[i] = 1 + (k - 1 - i) / (double) k;
        }
        for (int j = 0; j < n - k; j++) {
            lambda[k + j] = 0.9 * (n - k - 1 - j) / (n - k - 1);
        }
        return lambda;
    }

    /**
     * The symmetric test matrix {@code A = Q diag(spectrum(n, k)) Qᵀ} with {@code Q = H(u)H(v)} (see the class
     * comment), row-major.
     *
     * @param n the size
     * @param k the dimension of the dominant subspace
     * @return a new array of n² entries
     */
    public static double[] symmetricMatrix(int n, int k) {
        double[] lambda = spectrum(n, k);
        double[] u = new double[n];
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            u[i] = Math.sin(i + 1);
            v[i] = Math.cos(2 * i + 1);
        }
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            a[i * n + i] = lambda[i];
        }
        reflectBothSides(a, n, v);
        reflectBothSides(a, n, u);
        return a;
    }

    /** A ← H A H for H = I − 2wwᵀ/‖w‖² (symmetric A stays symmetric). */
    private static void reflectBothSides(double[] a, int n, double[] w) {
        double ww = 0;
        for (double x : w) {
            ww += x * x;
        }
        double[] aw = new double[n];
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < n; j++) {
                s += a[i * n + j] * w[j];
            }
            aw[i] = s;
        }
        double waw = 0;
        for (int i = 0; i < n; i++) {
            waw += w[i] * aw[i];
        }
        double c = 2 / ww;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i * n + j] += -c * aw[i] * w[j] - c * w[i] * aw[j] + c * c * waw * w[i] * w[j];
            }
        }
    }

    /**
     * The start point of the eigenvalue problems: the n×k matrix with entries {@code 1 + sin((i + 1)(j + 2))},
     * orthonormalized by Gram–Schmidt (for k = 1 a unit vector).
     *
     * @param n the number of rows
     * @param k the number of columns, ≤ n
     * @return a new row-major array with orthonormal columns
     */
    public static double[] startBasis(int n, int k) {
        double[][] columns = new double[k][n];
        for (int j = 0; j < k; j++) {
            for (int i = 0; i < n; i++) {
                columns[j][i] = 1 + Math.sin((i + 1.0) * (j + 2));
            }
            for (int prev = 0; prev < j; prev++) {
                double d = 0;
                for (int i = 0; i < n; i++) {
                    d += columns[j][i] * columns[prev][i];
                }
                for (int i = 0; i < n; i++) {
                    columns[j][i] -= d * columns[prev][i];
                }
            }
            double norm = 0;
            for (int i = 0; i < n; i++) {
                norm += columns[j][i] * columns[j][i];
            }
            norm = Math.sqrt(norm);
            for (int i = 0; i < n; i++) {
                columns[j][i] /= norm;
            }
        }
        double[] x = new double[n * k];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                x[i * k + j] = columns[j][i];
            }
        }
        return x;
    }

    /**
     * The Rayleigh quotient {@code f(x) = −xᵀAx} on the unit sphere S^{n−1}, whose minimizers are the unit eigenvectors
     * ±v₁ of the largest eigenvalue: the ambient gradient {@code −2Ax} is turned into the Riemannian one by the
     * manifold's metric. With {@link #symmetricMatrix}{@code (n, 1)} the minimum is −1.
     *
     * @param sphere a manifold whose ambient points are unit vectors of R^n (dimension n − 1)
     * @param a      a symmetric n×n matrix, row-major (not modified, not retained)
     * @param minimum the minimum value, if known
     * @return the problem, starting at {@link #startBasis}{@code (n, 1)}
     * @throws InvalidInputException if the sizes do not match
     */
    public static Problem rayleigh(Manifold sphere, double[] a, OptionalDouble minimum) {
        int n = sphere.ambientDimension();
        requireShape(sphere, n - 1, n * n, a, "a sphere S^{n−1} ⊂ R^n");
        SymmetricProduct matrix = new SymmetricProduct(a, n, 1);
        Objective f = Objective.ambient(x -> -matrix.quadratic(x), x -> matrix.scaled(x, -2), sphere.metric());
        return new Problem("rayleigh", "Rayleigh quotient −xᵀAx on " + sphere.name() + ": the leading eigenvector of"
                + " a symmetric " + n + "×" + n + " matrix", sphere, f, sphere.locate(startBasis(n, 1)), minimum);
    }

    /**
     * The block Rayleigh quotient {@code f(X) = −tr(XᵀAX)} on Gr(n,k) (the Brockett cost {@code tr(XᵀAXN)} with
     * N = −I, the only N for which it is a function of the subspace), minimized by the span of the k leading
     * eigenvectors. With {@link #symmetricMatrix}{@code (n, k)} the minimum is {@code −Σ_{i≤k} λ_i}.
     *
     * @param grassmann a manifold whose ambient points are n×k matrices with orthonormal columns, row-major
     *                  (dimension k(n − k))
     * @param k         the subspace dimension
     * @param a         a symmetric n×n matrix, row-major (not modified, not retained)
     * @param minimum   the minimum value, if known
     * @return the problem, starting at {@link #startBasis}{@code (n, k)}
     * @throws InvalidInputException if the sizes do not match
     */
    public static Problem brockett(Manifold grassmann, int k, double[] a, OptionalDouble minimum) {
        if (k < 1 || grassmann.ambientDimension() % k != 0) {
            throw new InvalidInputException("k", "a divisor of the ambient dimension " + grassmann.ambientDimension(),
                    String.valueOf(k));
        }
        int n = grassmann.ambientDimension() / k;
        requireShape(grassmann, k * (n - k), n * n, a, "a Grassmannian Gr(n,k) of n×k bases");
        SymmetricProduct matrix = new SymmetricProduct(a, n, k);
        Objective f = Objective.ambient(x -> -matrix.quadratic(x), x -> matrix.scaled(x, -2), grassmann.metric());
        return new Problem("brockett", "block Rayleigh (Brockett) cost −tr(XᵀAX) on " + grassmann.name()
                + ": the dominant " + k + "-dimensional invariant subspace of a symmetric " + n + "×" + n + " matrix",
                grassmann, f, grassmann.locate(startBasis(n, k)), minimum);
    }

    /**
     * The Karcher (Fréchet) mean of a sample: {@code f(p) = (1/2N) Σ d(p, x_i)²} with Riemannian gradient
     * {@code −(1/N) Σ Log_p(x_i)}, the logarithms of the manifold's {@link Geodesics}. Where they are exact the
     * objective has its value; where they are approximations (a learned atlas: Alg. 2 distances, Alg. 3 logarithms)
     * the two are not each other's derivative to the precision a line search needs, so the objective is the gradient
     * field alone and line searches judge steps by slopes: its zero is what {@code KarcherMean} computes.
     *
     * @param manifold the manifold, with {@link Geodesics}
     * @param samples  ambient points (not modified, not retained), at least one
     * @param start    the ambient start point
     * @return the problem
     * @throws InvalidInputException if the manifold has no {@link Geodesics} or there is no sample
     * @throws ArithmeticException   from the gradient, if the logarithm cannot join the estimate and a sample
     */
    public static Problem karcher(Manifold manifold, List<double[]> samples, double[] start) {
        Geodesics geodesics = manifold.capability(Geodesics.class).orElseThrow(() -> new InvalidInputException(
                "manifold", "a manifold with a Riemannian logarithm (Geodesics capability)", manifold.name()));
        if (samples.isEmpty()) {
            throw new InvalidInputException("samples", "at least one sample", "none");
        }
        List<ChartPoint> points = new ArrayList<>(samples.size());
        for (double[] x : samples) {
            points.add(manifold.locate(x));
        }
        Objective gradient = Objective.stochastic((ChartPoint p, RandomGenerator rng) -> meanLog(geodesics, p, points)
                .scale(-1));
        Objective f = geodesics.isExact() ? gradient.withValue(p -> {
            double s = 0;
            for (ChartPoint x : points) {
                double d = geodesics.distance(p, x);
                s += d * d;
            }
            return s / (2 * points.size());
        }) : gradient;
        return new Problem("karcher", "Karcher mean of " + points.size() + " points on " + manifold.name()
                + (geodesics.isExact() ? "" : " (approximate logarithms: the zero of −mean Log, no value)"),
                manifold, f, manifold.locate(start), OptionalDouble.empty());
    }

    /**
     * The Karcher mean of the {@code count} data points nearest the first one in R^D (the first included), from the
     * farthest of them: the problem {@code atlas optimize --problem karcher} and the benchmarks run on an atlas learned
     * from the data. Only the selection of the sample uses ambient distances; the objective is {@link #karcher}'s.
     *
     * @param manifold the manifold, with {@link Geodesics}
     * @param data     ambient points (not modified, not retained), at least one
     * @param count    how many to average, in [1, data.length]
     * @return the problem
     * @throws InvalidInputException if the count is out of range, or as {@link #karcher}
     */
    public static Problem karcherOfNearest(Manifold manifold, double[][] data, int count) {
        if (count < 1 || count > data.length) {
            throw new InvalidInputException("count", "an integer in [1, " + data.length + "] (the number of points)",
                    String.valueOf(count));
        }
        double[] centre = data[0];
        List<double[]> nearest = new ArrayList<>(Arrays.asList(data));
        nearest.sort(Comparator.comparingDouble(x -> Vectors.distance(x, centre)));
        nearest = nearest.subList(0, count);
        return karcher(manifold, nearest, nearest.get(count - 1));
    }

    private static TangentVector meanLog(Geodesics geodesics, ChartPoint p, List<ChartPoint> points) {
        TangentVector sum = p.zeroTangent();
        for (int i = 0; i < points.size(); i++) {
            Optional<TangentVector> log = geodesics.log(p, points.get(i));
            if (log.isEmpty()) {
                throw new ArithmeticException("karcher: the Riemannian logarithm cannot join the estimate " + p.xi()
                        + " and sample " + i);
            }
            sum = sum.plus(log.get());
        }
        return sum.scale(1.0 / points.size());
    }

    private static void requireShape(Manifold m, int dimension, int entries, double[] a, String expected) {
        Objects.requireNonNull(a, "a");
        if (m.dimension() != dimension) {
            throw new InvalidInputException("manifold", expected, m.name() + " of dimension " + m.dimension());
        }
        if (a.length != entries) {
            throw new InvalidInputException("a", entries + " entries (a square matrix of the ambient size)",
                    String.valueOf(a.length));
        }
    }
}
