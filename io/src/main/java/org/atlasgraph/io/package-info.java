/**
 * The one reader of input files and the one writer of output files, shared by the library and the {@code atlas}
 * command: {@link org.atlasgraph.io.NpyReader} reads NumPy {@code .npy} arrays whole or as a constant-memory stream of
 * slices, {@link org.atlasgraph.io.CsvReader} reads CSV tables with a strict decimal grammar, and
 * {@link org.atlasgraph.io.AtomicWriter} writes every output (CSV, {@code .npy}, JSON, PNG) through a temporary file
 * renamed over its target.
 *
 * <p>Every rejected input is an {@link org.atlasgraph.api.check.InvalidInputException} whose message starts with the
 * file as the user named it ({@code --input 'points.npy'}, or {@code 'points.npy'} when no option named it), then, for
 * CSV, the line and column, and says what was expected and what was found. A reader checks a file's size against its
 * header before it reads any data, so a truncated or padded file is rejected at once and never read past its end.
 * Depends on the JDK and {@code api} only.
 */
package org.atlasgraph.io;
