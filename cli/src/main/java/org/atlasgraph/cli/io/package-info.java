/**
 * Files for the {@code atlas} subcommands, on top of the {@code atlasgraph-io} module:
 * {@link org.atlasgraph.cli.io.AtomicFiles} writes an output through the one atomic writer, so a failure never leaves
 * a half-written file; {@link org.atlasgraph.cli.io.JsonFiles} writes {@code --json FILE} outputs that way;
 * {@link org.atlasgraph.cli.io.InputFiles} checks an input file before it is read;
 * {@link org.atlasgraph.cli.io.IoErrors} turns an {@link java.io.IOException} into the one-line message the CLI prints.
 */
package org.atlasgraph.cli.io;
