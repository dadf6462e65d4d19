package org.atlasgraph.cli.frechet;

import java.util.Locale;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * When the untimed warm-up of {@code atlas frechet} ends: {@code --warmup auto} (the default) or a fixed number of
 * seconds. The warm-up runs in rounds (every scheme, on fresh throwaway means, through the warm-up samples once); after
 * each round the rule is told what the round did and says whether to go on.
 *
 * <p>{@code auto} ends when the JIT is done with the update path: after {@value #QUIET_ROUNDS} or more rounds in a row,
 * lasting at least {@value #QUIET_MILLIS} ms together, during which the JIT compiled nothing (a compilation still
 * running is seen only when it ends, hence the span), once every scheme has made
 * {@value #MIN_UPDATES} updates (a method called once per update, with no loop, is compiled by C2 after about 5000
 * calls) or spent {@value #MIN_CPU_SECONDS} s of CPU time in them (where an update takes milliseconds, its loops are
 * compiled after a few hundred calls and the once-per-update code is a negligible part of it). It gives up at
 * {@value #MAX_UPDATES} updates or {@value #MAX_CPU_SECONDS} s of CPU time per scheme and says so. Every measure is
 * a count or the thread's CPU time, never wall-clock time, so a busy machine lengthens the warm-up but does not cut it
 * short (a wall-clock budget, the earlier default, ended before the Vector API kernels were compiled under load).
 *
 * <p>A fixed {@code --warmup SECONDS} runs rounds until the updates have taken that many seconds of wall-clock time
 * per scheme; {@code --warmup 0} runs none.
 */
public final class WarmUpRule {
    /** JIT-quiet rounds in a row that end an {@code auto} warm-up... */
    static final int QUIET_ROUNDS = 2;
    /** ...and the wall-clock milliseconds they must span (C2 compiles an update kernel in tens of ms). */
    static final long QUIET_MILLIS = 100;
    /** Updates per scheme before an {@code auto} warm-up may end (C2's invocation threshold is 5000). */
    static final long MIN_UPDATES = 10_000;
    /** ...or this much CPU time per scheme in updates, whichever comes first. */
    static final double MIN_CPU_SECONDS = 2;
    /** An {@code auto} warm-up gives up after this many updates per scheme... */
    static final long MAX_UPDATES = 200_000;
    /** ...or this much CPU time per scheme in updates. */
    static final double MAX_CPU_SECONDS = 30;

    private final boolean auto;
    private final double seconds;

    private WarmUpRule(boolean auto, double seconds) {
        this.auto = auto;
        this.seconds = seconds;
    }

    /**
     * Parses {@code --warmup}.
     *
     * @param value {@code auto}, or seconds: a finite number ≥ 0
     * @return the rule
     * @throws InvalidInputException naming {@code --warmup} for anything else
     */
    public static WarmUpRule parse(String value) {
        String v = value.strip();
        if (v.equalsIgnoreCase("auto")) {
            return auto();
        }
        double s;
        try {
            s = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            s = Double.NaN;
        }
        if (!(s >= 0) || !Double.isFinite(s) || !v.matches("[0-9.eE+-]+")) {
            throw new InvalidInputException("--warmup", "'auto' or a finite number of seconds ≥ 0", "'" + value + "'");
        }
        return fixed(s);
    }

    /** @return a rule that ends when the JIT is done (see the class comment) */
    public static WarmUpRule auto() {
        return new WarmUpRule(true, 0);
    }

    /**
     * @param seconds wall-clock seconds of updates per scheme, ≥ 0; 0 for no warm-up
     * @return a rule that ends after that long
     */
    public static WarmUpRule fixed(double seconds) {
        return new WarmUpRule(false, seconds);
    }

    /** @return a warm-up that has not started, to be told each round */
    Progress start() {
        return new Progress();
    }

    /** @return whether the rule runs no warm-up at all */
    boolean none() {
        return !auto && seconds <= 0;
    }

    /** @return what {@code --warmup} asked for, e.g. {@code "auto"} or {@code "5 s"} */
    String setting() {
        return auto ? "auto" : trim(seconds) + " s";
    }

    private static String trim(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.valueOf(v);
    }

    @Override
    public String toString() {
        return "WarmUpRule[" + setting() + "]";
    }

    /** One warm-up under this rule: what the rounds did so far, and why it ended. */
    final class Progress {
        private long updates;
        private long cpuNanos;
        private long wallNanos;
        private int rounds;
        private int quietInARow;
        private long quietNanos;
        private String reason = "not started";

        private Progress() {
        }

        /**
         * Records a round and says whether the warm-up goes on.
         *
         * @param roundUpdates the updates of the round, per scheme
         * @param roundCpu     the CPU nanoseconds of the round's updates, the most of any scheme
         * @param roundWall    the wall-clock nanoseconds of the round's updates, the most of any scheme
         * @param roundElapsed the wall-clock nanoseconds of the whole round, all schemes
         * @param jitQuiet     whether the JIT compiled nothing during the round
         * @return true to run another round
         */
        boolean next(long roundUpdates, long roundCpu, long roundWall, long roundElapsed, boolean jitQuiet) {
            rounds++;
            updates += roundUpdates;
            cpuNanos += roundCpu;
            wallNanos += roundWall;
            quietInARow = jitQuiet ? quietInARow + 1 : 0;
            quietNanos = jitQuiet ? quietNanos + roundElapsed : 0;
            if (!auto) {
                reason = String.format(Locale.ROOT, "after the fixed --warmup of %s s", trim(seconds));
                return wallNanos < seconds * 1e9;
            }
            if (updates >= MAX_UPDATES || cpuNanos >= MAX_CPU_SECONDS * 1e9) {
                reason = String.format(Locale.ROOT, "at its cap (%d updates or %s s of CPU time per scheme) with the "
                        + "JIT still busy", MAX_UPDATES, trim(MAX_CPU_SECONDS));
                return false;
            }
            boolean enough = updates >= MIN_UPDATES || cpuNanos >= MIN_CPU_SECONDS * 1e9;
            if (enough && quietInARow >= QUIET_ROUNDS && quietNanos >= QUIET_MILLIS * 1_000_000) {
                reason = String.format(Locale.ROOT, "when the JIT had compiled the update path (no compilation in "
                        + "the last %d rounds, %.0f ms)", quietInARow, quietNanos * 1e-6);
                return false;
            }
            return true;
        }

        /** @return the rounds recorded */
        int rounds() {
            return rounds;
        }

        /** @return the updates per scheme recorded */
        long updates() {
            return updates;
        }

        /** @return why the warm-up ended, for the output */
        String reason() {
            return reason;
        }

        /** @return the rule */
        WarmUpRule rule() {
            return WarmUpRule.this;
        }
    }
}
