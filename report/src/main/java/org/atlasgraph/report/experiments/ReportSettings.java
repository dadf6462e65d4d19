package org.atlasgraph.report.experiments;

import java.util.List;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The sizes of one report run: how many samples, points, pairs and iterations each part uses. Two presets:
 * {@link #full} (the paper's settings where they fit in minutes on two cores) and {@link #quick} (every part at a
 * size that finishes in about a minute). Every random choice derives from {@link #seed()}.
 *
 * @param name     the preset's name for the page, e.g. {@code "full"}
 * @param seed     the seed of every random source of the run
 * @param frechet  part (a), the online Fréchet mean
 * @param atlas    part (b), the learned atlas and its distances
 * @param homology part (c), persistent homology
 * @param boundary part (d), the principal boundary
 */
public record ReportSettings(String name, long seed, Frechet frechet, Atlas atlas, Homology homology,
                             Boundary boundary) {
    /** The sizes of Fig. 1A: Gr(30,5), Gr(100,5), Gr(300,10). */
    public static final List<Size> PAPER_SIZES = List.of(new Size(30, 5), new Size(100, 5), new Size(300, 10));

    /**
     * Validates.
     *
     * @throws InvalidInputException if the name is blank or a part is null
     */
    public ReportSettings {
        if (name == null || name.isBlank()) {
            throw new InvalidInputException("name", "a non-blank preset name", String.valueOf(name));
        }
        if (frechet == null || atlas == null || homology == null || boundary == null) {
            throw new InvalidInputException("settings", "all four parts", "a null part");
        }
    }

    /**
     * Part (a), the online Fréchet mean on Gr(n,k) (§3.2, Fig. 1).
     *
     * @param sizes         the Grassmannians of the comparison of every scheme
     * @param samples       N, samples per size (the paper: 1000)
     * @param power         p of GPD(X, p)
     * @param sweepN        n of the runtime-vs-k sweep (the paper: 2000)
     * @param sweepK        the k of the sweep, increasing
     * @param sweepSamples  samples per k of the sweep
     * @param warmUpSeconds untimed updates per scheme before each timed run, so that compiled code is timed
     */
    public record Frechet(List<Size> sizes, int samples, double power, int sweepN, List<Integer> sweepK,
                          int sweepSamples, double warmUpSeconds) {
        /**
         * Validates and copies.
         *
         * @throws InvalidInputException if a count is below 1, p ≤ 1, or a k of the sweep is not below n
         */
        public Frechet {
            sizes = List.copyOf(sizes);
            Checks.requirePositive("samples", samples);
            if (!(power > 1) || Double.isInfinite(power)) {
                throw new InvalidInputException("power", "a finite p > 1", String.valueOf(power));
            }
            for (int k : sweepK) {
                Checks.requireInRange("sweep k", k, 1, sweepN - 1);
            }
            sweepK = List.copyOf(sweepK);
            Checks.requirePositive("sweepSamples", sweepSamples);
            if (!(warmUpSeconds >= 0) || Double.isInfinite(warmUpSeconds)) {
                throw new InvalidInputException("warmUpSeconds", "a finite value ≥ 0", String.valueOf(warmUpSeconds));
            }
        }
    }

    /**
     * A Grassmannian Gr(n,k).
     *
     * @param n the ambient dimension
     * @param k the subspace dimension, 1 ≤ k &lt; n
     */
    public record Size(int n, int k) {
        /**
         * Validates.
         *
         * @throws InvalidInputException if not 1 ≤ k &lt; n
         */
        public Size {
            Checks.requireInRange("k", k, 1, n - 1);
        }

        @Override
        public String toString() {
            return "Gr(" + n + "," + k + ")";
        }
    }

    /**
     * Part (b), the learned atlas and geodesic distances (§4.3, Fig. 3, Fig. 4, App. F.4).
     *
     * @param trainingPoints   points the atlas is learned from
     * @param evaluationPoints points embedded by every baseline, among which the pairs are drawn
     * @param pairs            random pairs whose distances are compared (the paper: 100)
     * @param groundTruthCells cells along θ of the coarse ground-truth grid ({@code SurfaceGeodesics})
     */
    public record Atlas(int trainingPoints, int evaluationPoints, int pairs, int groundTruthCells) {
        /**
         * Validates.
         *
         * @throws InvalidInputException if a count is out of range
         */
        public Atlas {
            Checks.requireInRange("trainingPoints", trainingPoints, 100, 10_000_000);
            Checks.requireInRange("evaluationPoints", evaluationPoints, 20, 100_000);
            Checks.requireInRange("pairs", pairs, 1, 1_000_000);
            Checks.requireInRange("groundTruthCells", groundTruthCells, 4, 1024);
        }
    }

    /**
     * Part (c), persistent homology (Fig. 5, App. F.2–F.3).
     *
     * @param points farthest-point samples per cloud handed to Ripser
     */
    public record Homology(int points) {
        /**
         * Validates.
         *
         * @throws InvalidInputException if fewer than 10 points
         */
        public Homology {
            Checks.requireInRange("points", points, 10, 5000);
        }
    }

    /**
     * Part (d), the principal boundary (§5, Fig. 6).
     *
     * @param trainingPoints labelled patches the boundary is fitted to
     * @param testPoints     held-out patches it classifies
     * @param iterations     Euler steps (the paper: 2000)
     */
    public record Boundary(int trainingPoints, int testPoints, int iterations) {
        /**
         * Validates.
         *
         * @throws InvalidInputException if a count is out of range
         */
        public Boundary {
            Checks.requireInRange("trainingPoints", trainingPoints, 20, 1_000_000);
            Checks.requireInRange("testPoints", testPoints, 1, 1_000_000);
            Checks.requirePositive("iterations", iterations);
        }
    }

    /**
     * The full report: the paper's sizes where they fit in minutes on two cores.
     *
     * @param seed the seed
     * @return the settings
     */
    public static ReportSettings full(long seed) {
        return new ReportSettings("full", seed,
                new Frechet(PAPER_SIZES, 1000, 2, 2000,
                        List.of(10, 25, 50, 100), 100, 1),
                new Atlas(20_000, 2000, 200, 64), new Homology(200), new Boundary(3000, 1000, 2000));
    }

    /**
     * The quick report: every part, at sizes that finish in about a minute.
     *
     * @param seed the seed
     * @return the settings
     */
    public static ReportSettings quick(long seed) {
        return new ReportSettings("quick", seed,
                new Frechet(PAPER_SIZES, 1000, 2, 2000,
                        List.of(10, 25, 50), 30, 0.3),
                new Atlas(5000, 800, 100, 32), new Homology(200), new Boundary(2000, 1000, 2000));
    }
}
