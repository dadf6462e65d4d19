package org.atlasgraph.tck;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The kit tests itself (the Reactive Streams "requireTestFailure" pattern): every deliberately broken manifold of
 * {@link BrokenManifolds} must fail its target rule with the rule's ID, statement, measured value, seed and hint in
 * the message, and must fail no rule outside the ones that exercise the same broken primitive.
 */
class ManifoldVerificationSelfTest {
    private static final long SEED = 42;
    private static final TckSettings SETTINGS = TckSettings.defaults().withSeed(SEED);

    @Test
    void healthyReferencePassesEveryRuleItCanCheck() {
        Report report = new ConformanceKit(new SinhPlane(BrokenManifolds.DIMENSION), SETTINGS,
                BrokenManifolds.healthyFixtures()).runAll();

        assertThat(report.passed()).as("healthy reference: %s", report).isTrue();
        assertThat(report.results()).as("only UNTESTED rules are skipped when every fixture is given")
                .allMatch(r -> r.status() == Status.PASSED || r.id().level() == Level.UNTESTED);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BrokenManifolds.class)
    void brokenManifoldFailsItsRuleAndNoUnrelatedOne(BrokenManifolds broken) {
        Report report = broken.kit(SETTINGS).runAll();
        RuleResult target = report.results().stream().filter(r -> r.id() == broken.target()).findFirst()
                .orElseThrow();
        Set<RuleId> failed = report.results().stream().filter(r -> r.status() == Status.FAILED)
                .map(RuleResult::id).collect(Collectors.toCollection(() -> EnumSet.noneOf(RuleId.class)));

        assertThat(target.status()).as("%s must fail %s: %s", broken, broken.target().id(), target.message())
                .isEqualTo(Status.FAILED);
        assertThat(target.message()).as("message of %s", broken)
                .startsWith("[" + broken.target().id() + "] " + broken.target().statement() + " · ")
                .contains(target.measured())
                .contains("seed=" + SEED)
                .endsWith("check: " + broken.target().hint());
        assertThat(target.measured()).as("measured value of %s", broken).isNotBlank();
        assertThat(failed).as("rules failed by %s (all others must pass): %s", broken, report)
                .isEqualTo(broken.expectedFailures());
        assertThat(report.passed()).as("report of %s", broken).isFalse();
    }
}
