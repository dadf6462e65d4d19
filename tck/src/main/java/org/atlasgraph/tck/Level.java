package org.atlasgraph.tck;

/** How a rule binds a provider, in the Reactive Streams TCK's sense. */
public enum Level {
    /** every provider must pass */
    REQUIRED,
    /** checked only when the provider has the capability the rule needs; skipped otherwise, with the reason */
    OPTIONAL,
    /** checked over seeded random draws */
    STOCHASTIC,
    /** listed for completeness, not verified by this kit */
    UNTESTED
}
