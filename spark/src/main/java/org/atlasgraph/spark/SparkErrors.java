package org.atlasgraph.spark;

import org.atlasgraph.api.check.InvalidInputException;

/**
 * Turns a failed Spark job back into the error that failed it: an executor's {@link InvalidInputException} (a
 * malformed cell, a ragged row, an empty file) reaches the driver wrapped in Spark's job-failure exceptions, whose
 * messages run over many lines; the one-line message of the original is what the user needs.
 */
final class SparkErrors {
    private SparkErrors() {
    }

    /**
     * Runs a Spark action, rethrowing an {@link InvalidInputException} found among the causes of its failure.
     *
     * @param action the action
     * @param <T>    its result type
     * @return its result
     * @throws InvalidInputException the original error of an executor (or of the driver)
     */
    static <T> T unwrapped(java.util.function.Supplier<T> action) {
        try {
            return action.get();
        } catch (Exception e) {
            // Spark's SparkException is checked in Java's eyes but thrown from Scala undeclared
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof InvalidInputException) {
                    throw (InvalidInputException) t;
                }
            }
            throw SparkErrors.<RuntimeException>rethrow(e);
        }
    }

    /** Rethrows any exception unchanged, checked or not (its type is only erased). */
    @SuppressWarnings("unchecked")
    private static <E extends Exception> E rethrow(Exception e) throws E {
        throw (E) e;
    }
}
