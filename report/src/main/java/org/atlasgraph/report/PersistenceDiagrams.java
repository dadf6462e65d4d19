package org.atlasgraph.report;

import java.util.List;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The persistence diagrams of one filtration in dimensions 0 to {@code maxDimension}, over the field Z/p.
 *
 * @param modulus  the prime p of the coefficient field
 * @param diagrams one diagram per dimension 0, 1, …, in order (copied)
 */
public record PersistenceDiagrams(int modulus, List<PersistenceDiagram> diagrams) {
    /**
     * Validates and copies.
     *
     * @throws InvalidInputException if the modulus is not a prime or diagram k is not of dimension k
     */
    public PersistenceDiagrams {
        if (!Ripser.isPrime(modulus)) {
            throw new InvalidInputException("modulus", "a prime", String.valueOf(modulus));
        }
        if (diagrams == null || diagrams.isEmpty()) {
            throw new InvalidInputException("diagrams", "at least the diagram of dimension 0", "none");
        }
        for (int k = 0; k < diagrams.size(); k++) {
            if (diagrams.get(k) == null || diagrams.get(k).dimension() != k) {
                throw new InvalidInputException("diagrams[" + k + "]", "the diagram of dimension " + k,
                        diagrams.get(k) == null ? "null" : "dimension " + diagrams.get(k).dimension());
            }
        }
        diagrams = List.copyOf(diagrams);
    }

    /** @return the highest dimension computed */
    public int maxDimension() {
        return diagrams.size() - 1;
    }

    /**
     * @param k a dimension in {@code [0, maxDimension()]}
     * @return the diagram of H_k
     * @throws InvalidInputException if k is out of range
     */
    public PersistenceDiagram dimension(int k) {
        if (k < 0 || k >= diagrams.size()) {
            throw new InvalidInputException("k", "a dimension in [0, " + maxDimension() + "]", String.valueOf(k));
        }
        return diagrams.get(k);
    }
}
