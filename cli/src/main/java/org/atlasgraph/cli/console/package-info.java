/**
 * Terminal output of the {@code atlas} subcommands: {@link org.atlasgraph.cli.console.TextTable} prints aligned
 * plain-text tables (the {@code providers} listing, the {@code tck} report), and
 * {@link org.atlasgraph.cli.console.Progress} draws a progress bar on standard error only when a person is watching an
 * interactive terminal, so redirected output and CI logs stay clean.
 */
package org.atlasgraph.cli.console;
