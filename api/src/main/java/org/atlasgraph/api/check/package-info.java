/**
 * Input validation shared by every module: the {@link org.atlasgraph.api.check.InvalidInputException} family and the
 * {@link org.atlasgraph.api.check.Checks} helpers that build its messages.
 *
 * <p>Every message has the fixed form {@code "<input>: expected <expected>, found <found>"}, optionally followed by
 * {@code " (<context>)"}, so that a user reading a CLI error or a failed test learns which input was wrong, what was
 * allowed and what arrived. Checks run once, at the public boundary (SPI default methods, provider factories, CLI);
 * kernels behind the boundary trust their arguments.
 */
package org.atlasgraph.api.check;
