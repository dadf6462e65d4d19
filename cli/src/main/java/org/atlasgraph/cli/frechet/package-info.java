/**
 * The work behind {@code atlas frechet} (§3.2, Fig. 1): {@link org.atlasgraph.cli.frechet.FrechetRuns} sets up each
 * run (manifold, sample source, reference mean) and renders its results as a table, JSON and plots; the sample
 * sources, the streaming {@code .npy} reader {@link org.atlasgraph.cli.frechet.NpyMatrixStream}, the lockstep
 * comparison of update schemes and the XChart figures are its helpers.
 */
package org.atlasgraph.cli.frechet;
