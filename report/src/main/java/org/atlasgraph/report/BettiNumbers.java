package org.atlasgraph.report;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Betti numbers read off persistence diagrams: the intervals whose death-to-birth ratio (multiplicative persistence)
 * reaches a threshold ρ.
 *
 * <p>The rule: in dimension k ≥ 1 an interval counts when {@code death / birth ≥ ρ} (essential classes always); in
 * dimension 0, where every class is born at 0, when {@code death ≥ ρ · m} with m the median finite death of H0 (the
 * sample's typical merging scale), so a gap ρ times the typical spacing makes a new component. The ratio is free of
 * scale, so one threshold serves data and embeddings of any size (t-SNE coordinates are ~50× the patches'), and for
 * noise it is small: in a Vietoris–Rips filtration of an ε-net a sampling cycle is born at ≥ ε and filled by a few ε
 * (Bobrowski and Skraba 2023 find its ratio universal and close to 1).
 *
 * <p>Why ρ = {@value #DEFAULT_RATIO}: on farthest-point samples of 120–200 points (seeds 1–3) of a circle, S², a flat
 * torus and the Klein bottle of patches, every noise interval had ratio ≤ 1.74, H0 deaths were ≤ 1.37× their median,
 * and the one large-scale artefact, an H2 class of the Klein bottle over Z/3 born when the Rips complex is already
 * coarser than the surface's features, had ratio 1.83–1.91; the Klein bottle's true classes at 200 points had
 * ratios ≥ 2.53 (H1) and ≥ 2.91 (H2), the torus's ≥ 2.05 at 120 points and 2.45 at 200. 2.2 sits between noise and
 * features; features grow with the sample (their birth shrinks as ε), so use ≥ 200 points. Random (not
 * farthest-point) samples are noisier: 640 uniform Klein patches had an H1 noise interval of ratio 2.56.
 */
public final class BettiNumbers {
    /** The default ratio threshold ρ. */
    public static final double DEFAULT_RATIO = 2.2;

    private final int modulus;
    private final int[] betti;
    private final double ratio;

    private BettiNumbers(int modulus, int[] betti, double ratio) {
        this.modulus = modulus;
        this.betti = betti;
        this.ratio = ratio;
    }

    /**
     * Reads Betti numbers with the default threshold.
     *
     * @param diagrams the diagrams
     * @return one Betti number per dimension of the diagrams
     * @throws InvalidInputException if the diagrams are null
     */
    public static BettiNumbers of(PersistenceDiagrams diagrams) {
        return of(diagrams, DEFAULT_RATIO);
    }

    /**
     * Reads Betti numbers with a given threshold.
     *
     * @param diagrams the diagrams
     * @param ratio    the threshold ρ, {@code > 1}
     * @return one Betti number per dimension of the diagrams
     * @throws InvalidInputException if the diagrams are null or ρ ≤ 1
     */
    public static BettiNumbers of(PersistenceDiagrams diagrams, double ratio) {
        if (diagrams == null) {
            throw new InvalidInputException("diagrams", "persistence diagrams", "null");
        }
        if (!(ratio > 1) || Double.isInfinite(ratio)) {
            throw new InvalidInputException("ratio", "a finite value > 1", String.valueOf(ratio));
        }
        int[] betti = new int[diagrams.maxDimension() + 1];
        double scale = medianFiniteDeath(diagrams.dimension(0).intervals());
        for (int k = 0; k <= diagrams.maxDimension(); k++) {
            for (PersistenceInterval i : diagrams.dimension(k).intervals()) {
                if (persists(i, k, ratio, scale)) {
                    betti[k]++;
                }
            }
        }
        return new BettiNumbers(diagrams.modulus(), betti, ratio);
    }

    private static boolean persists(PersistenceInterval i, int k, double ratio, double h0Scale) {
        if (i.isEssential()) {
            return true;
        }
        if (k == 0 || i.birth() == 0) {
            return h0Scale > 0 && i.death() >= ratio * h0Scale;
        }
        return i.death() / i.birth() >= ratio;
    }

    private static double medianFiniteDeath(List<PersistenceInterval> h0) {
        double[] deaths = h0.stream().filter(i -> !i.isEssential() && i.death() > 0)
                .mapToDouble(PersistenceInterval::death).sorted().toArray();
        if (deaths.length == 0) {
            return 0;
        }
        int mid = deaths.length / 2;
        return deaths.length % 2 == 1 ? deaths[mid] : (deaths[mid - 1] + deaths[mid]) / 2;
    }

    /** @return the prime p of the coefficients Z/p */
    public int modulus() {
        return modulus;
    }

    /** @return the threshold ρ used */
    public double ratio() {
        return ratio;
    }

    /** @return the highest dimension */
    public int maxDimension() {
        return betti.length - 1;
    }

    /**
     * @param k a dimension in {@code [0, maxDimension()]}
     * @return β_k
     * @throws InvalidInputException if k is out of range
     */
    public int get(int k) {
        if (k < 0 || k >= betti.length) {
            throw new InvalidInputException("k", "a dimension in [0, " + maxDimension() + "]", String.valueOf(k));
        }
        return betti[k];
    }

    /** @return (β_0, β_1, …) as a new array */
    public int[] toArray() {
        return betti.clone();
    }

    /** @return e.g. {@code "(1, 2, 1) over Z/2"} */
    @Override
    public String toString() {
        return Arrays.stream(betti).mapToObj(String::valueOf).collect(Collectors.joining(", ", "(", ")"))
                + String.format(Locale.ROOT, " over Z/%d", modulus);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BettiNumbers && ((BettiNumbers) o).modulus == modulus
                && Arrays.equals(((BettiNumbers) o).betti, betti) && ((BettiNumbers) o).ratio == ratio;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * modulus + Arrays.hashCode(betti)) + Double.hashCode(ratio);
    }
}
