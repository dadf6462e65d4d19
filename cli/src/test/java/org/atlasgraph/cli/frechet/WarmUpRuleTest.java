package org.atlasgraph.cli.frechet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WarmUpRuleTest {
    /** A round of the warm-up samples of a small problem: 1000 updates. */
    private static final long ROUND = 1000;
    /** Their CPU time at a few µs per update. */
    private static final long ROUND_CPU = 3_000_000;
    /** Their wall-clock time, long enough that two quiet rounds span {@link WarmUpRule#QUIET_MILLIS}. */
    private static final long ROUND_ELAPSED = 60_000_000;

    @Test
    void autoEndsAfterTheMinimumUpdatesOnceTwoRoundsWereQuiet() {
        WarmUpRule.Progress p = WarmUpRule.parse("auto").start();
        int rounds = 0;
        while (p.next(ROUND, ROUND_CPU, ROUND_CPU, ROUND_ELAPSED, true)) {
            rounds++;
        }
        assertThat(p.updates()).as("updates when the JIT was quiet throughout: the minimum")
                .isEqualTo(WarmUpRule.MIN_UPDATES);
        assertThat(p.rounds()).as("rounds").isEqualTo(rounds + 1).isEqualTo((int) (WarmUpRule.MIN_UPDATES / ROUND));
        assertThat(p.reason()).as("reason").startsWith("when the JIT had compiled the update path");
    }

    @Test
    void autoWaitsForTheJitToBeQuietForTwoRoundsInARow() {
        WarmUpRule.Progress p = WarmUpRule.auto().start();
        for (int r = 0; r < 20; r++) {
            // quiet on every other round only, ending with a busy one: never two quiet rounds in a row
            assertThat(p.next(ROUND, ROUND_CPU, ROUND_CPU, ROUND_ELAPSED, r % 2 == 0)).as("round %d goes on", r)
                    .isTrue();
        }
        assertThat(p.next(ROUND, ROUND_CPU, ROUND_CPU, ROUND_ELAPSED, true)).as("first quiet round").isTrue();
        assertThat(p.next(ROUND, ROUND_CPU, ROUND_CPU, ROUND_ELAPSED, true)).as("second quiet round in a row")
                .isFalse();
        assertThat(p.updates()).as("updates").isEqualTo(22 * ROUND);
    }

    @Test
    void autoAsksTheQuietRoundsToSpanATimeNotJustACount() {
        WarmUpRule.Progress p = WarmUpRule.auto().start();
        long elapsed = 1_000_000; // 1 ms rounds: a compilation still running would not have ended yet
        int rounds = 0;
        while (p.next(ROUND, ROUND_CPU, ROUND_CPU, elapsed, true)) {
            rounds++;
        }
        assertThat(rounds + 1L).as("quiet rounds of 1 ms until they span %d ms", WarmUpRule.QUIET_MILLIS)
                .isEqualTo(WarmUpRule.QUIET_MILLIS);
        assertThat(p.reason()).as("reason").contains("no compilation in the last 100 rounds");
    }

    @Test
    void autoAcceptsCpuTimeInsteadOfUpdatesWhereUpdatesAreSlow() {
        WarmUpRule.Progress p = WarmUpRule.auto().start();
        long slowRound = 1_500_000_000; // 8 updates of Gr(2000,500) take seconds
        assertThat(p.next(8, slowRound, slowRound, slowRound, true)).as("1.5 s of CPU: not yet").isTrue();
        assertThat(p.next(8, slowRound, slowRound, slowRound, true)).as("3 s of CPU, two quiet rounds").isFalse();
        assertThat(p.updates()).as("updates").isEqualTo(16);
    }

    @Test
    void autoGivesUpAtItsCapAndSaysSo() {
        WarmUpRule.Progress p = WarmUpRule.auto().start();
        int rounds = 0;
        while (p.next(ROUND, ROUND_CPU, ROUND_CPU, ROUND_ELAPSED, false)) {
            rounds++;
        }
        assertThat(p.updates()).as("updates at the cap").isEqualTo(WarmUpRule.MAX_UPDATES);
        assertThat(rounds + 1L).as("rounds").isEqualTo(WarmUpRule.MAX_UPDATES / ROUND);
        assertThat(p.reason()).as("reason").contains("at its cap", "JIT still busy");
    }

    @Test
    void aFixedWarmUpRunsForItsSecondsOfUpdatesWhateverTheJitDoes() {
        WarmUpRule rule = WarmUpRule.parse("0.5");
        WarmUpRule.Progress p = rule.start();
        long wall = 100_000_000;
        int rounds = 0;
        while (p.next(ROUND, wall, wall, wall, true)) {
            rounds++;
        }
        assertThat(rounds + 1).as("rounds of 0.1 s for 0.5 s").isEqualTo(5);
        assertThat(rule.setting()).as("setting").isEqualTo("0.5 s");
        assertThat(rule.none()).as("none").isFalse();
        assertThat(p.reason()).as("reason").isEqualTo("after the fixed --warmup of 0.5 s");
    }

    @Test
    void zeroSecondsIsNoWarmUp() {
        assertThat(WarmUpRule.parse("0").none()).as("--warmup 0").isTrue();
        assertThat(WarmUpRule.parse("auto").none()).as("--warmup auto").isFalse();
        assertThat(WarmUpRule.parse(" AUTO ").setting()).as("case and blanks").isEqualTo("auto");
        assertThat(WarmUpRule.parse("5").setting()).as("--warmup 5").isEqualTo("5 s");
    }

    @ParameterizedTest(name = "--warmup {0}")
    @ValueSource(strings = {"-1", "-0.5", "NaN", "Infinity", "1e309", "x", "", "5s", "0x10", "5d"})
    void rejectsAnythingButAutoOrFiniteSecondsNamingTheOption(String value) {
        assertThatThrownBy(() -> WarmUpRule.parse(value)).as("--warmup %s", value)
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--warmup: expected 'auto' or a finite number of seconds ≥ 0, found '" + value + "'");
    }
}
