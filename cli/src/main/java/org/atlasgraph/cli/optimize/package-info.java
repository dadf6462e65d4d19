/**
 * The parts of {@code atlas optimize}: the convergence plot (gradient norm vs iteration, logarithmic) of every method
 * run on a built-in problem.
 */
package org.atlasgraph.cli.optimize;
