package org.atlasgraph.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.grassmann.Grassmann;
import org.atlasgraph.optim.mean.FrechetScheme;
import org.atlasgraph.optim.mean.KarcherMean;
import org.atlasgraph.optim.mean.OnlineFrechetMean;
import org.atlasgraph.sphere.Sphere;
import org.atlasgraph.tck.fixture.HyperbolicSpace;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The bias table of the online Fréchet mean (issue 11): for each distribution with a known population Fréchet mean,
 * the distance of the final estimate to it after N samples, per scheme, over several seeds. {@code alg1} is Alg. 1 as
 * printed (the atlas scheme before the consistency work), {@code atlas} the consistent atlas scheme, {@code exp} the
 * exact geodesic scheme, the reference: an online estimate's error is dominated by the statistical error of N samples,
 * which exp has too, so "within 5% of exp" means "no visible bias". The table also gives the RMS distance between the
 * atlas and exp estimates (same samples), which is what the atlas scheme adds to exp's error.
 *
 * <p>Population means: the GPD's centre X (App. C.3); the pole for samples uniform on a hemisphere and the origin for
 * the kit's wrapped normal on H^d (both by symmetry); the weighted batch Karcher mean of the two points of a
 * two-point mixture; for a mixture of wrapped normals on S², the fixed point of {@code m ← Exp_m(E[Log_m X])} with the
 * expectation by 40×40-node Gauss–Hermite quadrature per component (accurate to rounding, no Monte Carlo error).
 *
 * <p>Run: {@code java -cp bench/target/benchmarks.jar org.atlasgraph.bench.FrechetBiasTable [--seeds 5] [--scale 1]}
 * ({@code --scale 0.1} divides every N by 10 for a quick look). Output: one Markdown table.
 */
public final class FrechetBiasTable {
    private static final List<String> SCHEMES = List.of("alg1", "atlas", "exp");
    private static final int QUADRATURE_NODES = 40;

    private FrechetBiasTable() {
    }

    /** One distribution: its manifold, population mean, sampler and sample count. */
    private record Case(String name, Manifold manifold, double[] mean, Function<RandomGenerator, double[]> draw,
                        int samples) {
    }

    /**
     * Prints the table.
     *
     * @param args {@code --seeds R} (default 5), {@code --scale s} (default 1, multiplies every N)
     */
    public static void main(String[] args) {
        int seeds = 5;
        double scale = 1;
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (args[i].equals("--seeds")) {
                seeds = Integer.parseInt(args[i + 1]);
            } else if (args[i].equals("--scale")) {
                scale = Double.parseDouble(args[i + 1]);
            } else {
                throw new IllegalArgumentException("unknown option " + args[i] + " (expected --seeds, --scale)");
            }
        }
        PrintStream out = System.out;
        out.println("| distribution | N | seeds | scheme | RMS error | error / exp's | RMS d(·, exp estimate) "
                + "| chart changes |");
        out.println("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |");
        for (Case c : cases(scale)) {
            Map<String, double[]> errors = new LinkedHashMap<>();
            Map<String, double[]> deviations = new LinkedHashMap<>();
            Map<String, double[]> changes = new LinkedHashMap<>();
            for (String s : SCHEMES) {
                errors.put(s, new double[seeds]);
                deviations.put(s, new double[seeds]);
                changes.put(s, new double[seeds]);
            }
            ExactGeometry exact = c.manifold().capability(ExactGeometry.class).orElseThrow();
            for (int seed = 0; seed < seeds; seed++) {
                RandomGenerator rng = new SplittableRandom(1000 + seed);
                Map<String, OnlineFrechetMean> means = new LinkedHashMap<>();
                for (String s : SCHEMES) {
                    means.put(s, new OnlineFrechetMean(c.manifold(), FrechetScheme.parse(s, c.manifold())));
                }
                for (int i = 0; i < c.samples(); i++) {
                    double[] x = c.draw().apply(rng);
                    for (OnlineFrechetMean m : means.values()) {
                        m.add(x);
                    }
                }
                double[] expEstimate = means.get("exp").estimate().orElseThrow();
                for (String s : SCHEMES) {
                    double[] estimate = means.get(s).estimate().orElseThrow();
                    errors.get(s)[seed] = exact.distance(estimate, c.mean());
                    deviations.get(s)[seed] = exact.distance(estimate, expEstimate);
                    changes.get(s)[seed] = means.get(s).chartChanges();
                }
            }
            double expError = rms(errors.get("exp"));
            for (String s : SCHEMES) {
                out.printf(Locale.ROOT, "| %s | %d | %d | %s | %.3e | %.3f | %.1e | %.1f |%n", c.name(), c.samples(),
                        seeds, s, rms(errors.get(s)), rms(errors.get(s)) / expError, rms(deviations.get(s)),
                        Arrays.stream(changes.get(s)).average().orElse(0));
            }
            out.flush();
        }
    }

    private static List<Case> cases(double scale) {
        List<Case> cases = new ArrayList<>();
        int large = (int) Math.max(100, Math.round(1e5 * scale));
        int small = (int) Math.max(100, Math.round(1e4 * scale));
        for (int[] nk : new int[][] {{30, 5}, {100, 5}}) {
            cases.add(gpd(Grassmann.of(nk[0], nk[1]), 2, large));
        }
        cases.add(gpd(Grassmann.of(10, 3), 1.05, small));
        // Many small principal angles (issue 15): re-centred on the largest angle, not on the distance.
        cases.add(gpd(Grassmann.of(200, 40), 2, small / 5));
        cases.add(grassmannTwoPoints(small));
        cases.add(sphereMixture(small));
        cases.add(hemisphere(small));
        for (int d : new int[] {2, 5}) {
            HyperbolicSpace h = HyperbolicSpace.of(d);
            double[] origin = new double[d + 1];
            origin[0] = 1;
            cases.add(new Case("H^" + d + " wrapped normal σ = 1 (kit's sampler)", h, origin, h::wrappedNormal, small));
        }
        return cases;
    }

    /** GPD(X, p) around a uniform X (seeded by the size, not by the run's seed: the distribution is fixed). */
    private static Case gpd(Grassmann gr, double power, int samples) {
        double[] x = gr.embed(gr.capability(Sampler.class).orElseThrow().sample(new SplittableRandom(7)));
        GeodesicPowerDistribution gpd = gr.capability(GeodesicPowerDistribution.class).orElseThrow();
        return new Case(gr.name() + " GPD(X, p = " + power + ")", gr, x, r -> gpd.sample(x, power, r), samples);
    }

    /**
     * A skewed two-point mixture on Gr(10,3): A with probability 3/4, B = GPD draw 1.2 away with 1/4. Its Fréchet
     * mean is the batch Karcher mean of {A, A, A, B}.
     */
    private static Case grassmannTwoPoints(int samples) {
        Grassmann gr = Grassmann.of(10, 3);
        RandomGenerator rng = new SplittableRandom(11);
        double[] a = gr.embed(gr.capability(Sampler.class).orElseThrow().sample(rng));
        ExactGeometry exact = gr.capability(ExactGeometry.class).orElseThrow();
        double[] direction = exact.log(a, gr.embed(gr.capability(Sampler.class).orElseThrow().sample(rng)));
        double length = Math.sqrt(gr.ambientMetric().inner(a, direction, direction));
        double[] b = exact.exp(a, scaled(direction, 1.2 / length));
        double[] mean = karcher(gr, List.of(a, a, a, b));
        return new Case("Gr(10,3) two points 3:1, 1.2 apart", gr, mean, r -> r.nextInt(4) < 3 ? a : b, samples);
    }

    /** A 3:1 mixture of wrapped normals (σ = 0.2) on S² whose centres are 1.3 rad apart: skewed and spread. */
    private static Case sphereMixture(int samples) {
        Sphere s2 = Sphere.of(3);
        double[][] centres = {{Math.cos(0.3), 0, Math.sin(0.3)}, {Math.cos(-1.0), 0, Math.sin(-1.0)}};
        double[] weights = {0.75, 0.25};
        double sigma = 0.2;
        ExactGeometry exact = s2.capability(ExactGeometry.class).orElseThrow();
        Function<RandomGenerator, double[]> draw = r -> {
            double[] c = centres[r.nextDouble() < weights[0] ? 0 : 1];
            double[] v = tangentAt(c, sigma * r.nextGaussian(), sigma * r.nextGaussian());
            return exact.exp(c, v);
        };
        return new Case("S² 3:1 mixture of wrapped normals σ = 0.2, 1.3 apart", s2,
                sphereMixtureMean(exact, centres, weights, sigma), draw, samples);
    }

    /** The vector a·e₁' + b·e₂' for an orthonormal basis (e₁', e₂') of the tangent plane at c, c in the x–z plane. */
    private static double[] tangentAt(double[] c, double a, double b) {
        // c = (cos φ, 0, sin φ): e₁' = (−sin φ, 0, cos φ), e₂' = (0, 1, 0).
        return new double[] {-c[2] * a, b, c[0] * a};
    }

    /** The population Fréchet mean of the mixture: {@code m ← Exp_m(E[Log_m X])} by Gauss–Hermite quadrature. */
    private static double[] sphereMixtureMean(ExactGeometry exact, double[][] centres, double[] weights, double sigma) {
        double[][] rule = gaussHermite(QUADRATURE_NODES);
        double[] m = centres[0].clone();
        for (int iteration = 0; iteration < 200; iteration++) {
            double[] g = new double[3];
            for (int j = 0; j < centres.length; j++) {
                for (int a = 0; a < QUADRATURE_NODES; a++) {
                    for (int b = 0; b < QUADRATURE_NODES; b++) {
                        double w = weights[j] * rule[1][a] * rule[1][b] / Math.PI;
                        double[] x = exact.exp(centres[j], tangentAt(centres[j], sigma * Math.sqrt(2) * rule[0][a],
                                sigma * Math.sqrt(2) * rule[0][b]));
                        double[] log = exact.log(m, x);
                        for (int i = 0; i < 3; i++) {
                            g[i] += w * log[i];
                        }
                    }
                }
            }
            m = exact.exp(m, g);
            if (Math.sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]) < 1e-15) {
                break;
            }
        }
        return m;
    }

    /** Nodes (row 0) and weights (row 1) of q-point Gauss–Hermite quadrature for ∫ f(x) e^{−x²} dx (Golub–Welsch). */
    private static double[][] gaussHermite(int q) {
        DMatrixRMaj jacobi = new DMatrixRMaj(q, q);
        for (int i = 1; i < q; i++) {
            double b = Math.sqrt(i / 2.0);
            jacobi.set(i, i - 1, b);
            jacobi.set(i - 1, i, b);
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(q, true, true);
        if (!eig.decompose(jacobi)) {
            throw new ArithmeticException("Gauss–Hermite: eigendecomposition did not converge");
        }
        double[][] rule = new double[2][q];
        for (int i = 0; i < q; i++) {
            rule[0][i] = eig.getEigenvalue(i).real;
            double v0 = eig.getEigenVector(i).get(0);
            rule[1][i] = Math.sqrt(Math.PI) * v0 * v0;
        }
        return rule;
    }

    /** Samples uniform on the open hemisphere of S² around e₀: the Fréchet mean is e₀ by symmetry. */
    private static Case hemisphere(int samples) {
        Sphere s2 = Sphere.of(3);
        Function<RandomGenerator, double[]> draw = r -> {
            double[] x = s2.uniform(r);
            if (x[0] < 0) {
                x[0] = -x[0];
            }
            return x;
        };
        return new Case("S² uniform on a hemisphere", s2, new double[] {1, 0, 0}, draw, samples);
    }

    private static double[] karcher(Manifold m, List<double[]> points) {
        Optional<double[]> mean = KarcherMean.of(m, points, 1e-14, 10_000).mean().map(m::embed);
        return mean.orElseThrow(() -> new ArithmeticException("the batch Karcher mean did not converge"));
    }

    private static double[] scaled(double[] v, double f) {
        double[] r = v.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] *= f;
        }
        return r;
    }

    private static double rms(double[] values) {
        double s = 0;
        for (double v : values) {
            s += v * v;
        }
        return Math.sqrt(s / values.length);
    }
}
