package org.atlasgraph.tck;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.tck.fixture.BrokenManifolds;
import org.atlasgraph.tck.fixture.HyperbolicSpace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The kit tests itself (the Reactive Streams "requireTestFailure" pattern): every deliberately broken manifold of
 * {@link BrokenManifolds} must fail its target rule with the rule's ID, statement, measured value, seed and hint in
 * the message, and must fail no rule outside its expected set; every broken provider must fail its SPI rule only.
 */
class ManifoldVerificationSelfTest {
    private static final long SEED = 42;
    private static final TckSettings SETTINGS = TckSettings.forManifold(HyperbolicSpace.of(BrokenManifolds.DIMENSION))
            .withSeed(SEED);

    /** Providers that break one SPI rule each; the manifold they are handed with is healthy. */
    enum BrokenProviders {
        /** The provider is not registered with ServiceLoader. */
        UNREGISTERED_PROVIDER(RuleId.SPI_1, Set.of(), () -> new HyperbolicSpaceProvider() {
        }),
        /**
         * The provider's name has capitals and a space. It is not registered: {@code Providers} refuses such a name
         * on the class path (which would fail SPI-1 for every provider), so it is not discoverable either.
         */
        MISNAMED_PROVIDER(RuleId.SPI_2, Set.of(RuleId.SPI_1), TestProviders.MisnamedProvider::new),
        /** The provider clamps d = 0 to 1 instead of rejecting it. */
        LAX_PROVIDER(RuleId.SPI_3, Set.of(), TestProviders.LaxProvider::new);

        private final RuleId target;
        private final Set<RuleId> expectedFailures;
        private final Supplier<ManifoldProvider> provider;

        BrokenProviders(RuleId target, Set<RuleId> alsoFails, Supplier<ManifoldProvider> provider) {
            this.target = target;
            this.expectedFailures = EnumSet.of(target);
            this.expectedFailures.addAll(alsoFails);
            this.provider = provider;
        }
    }

    /** @return off-manifold points and the healthy provider with the parameter values it must reject */
    static TckFixtures healthyFixtures() {
        return fixtures(new HyperbolicSpaceProvider());
    }

    static TckFixtures fixtures(ManifoldProvider provider) {
        return TckFixtures.none()
                .withInvalidAmbientPoints(List.of(new double[] {1, 0, 1}, new double[] {-1, 0, 0},
                        new double[] {1.5, 0.3, -0.2}))
                .withProvider(provider, invalidParameters());
    }

    static List<InvalidParameters> invalidParameters() {
        return List.of(InvalidParameters.of("d", "0"), InvalidParameters.of("d", "-3"),
                InvalidParameters.of("d", "two"));
    }

    @Test
    void healthyReferencePassesEveryRuleItCanCheck() {
        Report report = new ConformanceKit(HyperbolicSpace.of(BrokenManifolds.DIMENSION), SETTINGS,
                healthyFixtures()).runAll();

        assertThat(report.passed()).as("healthy reference: %s", notPassed(report)).isTrue();
        assertThat(report.results()).as("only UNTESTED rules are skipped when every fixture is given")
                .allMatch(r -> r.status() == Status.PASSED || r.id().level() == Level.UNTESTED);
    }

    @Test
    void everyCheckedRuleHasABrokenManifoldOrProviderAimedAtIt() {
        Set<RuleId> targets = EnumSet.noneOf(RuleId.class);
        for (BrokenManifolds b : BrokenManifolds.values()) {
            targets.add(b.target());
        }
        for (BrokenProviders b : BrokenProviders.values()) {
            targets.add(b.target);
        }
        Set<RuleId> checked = EnumSet.allOf(RuleId.class).stream().filter(r -> r.level() != Level.UNTESTED)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(RuleId.class)));

        assertThat(targets).as("rules with a broken manifold aimed at them").isEqualTo(checked);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BrokenManifolds.class)
    void brokenManifoldFailsItsRuleAndNoUnrelatedOne(BrokenManifolds broken) {
        Report report = new ConformanceKit(broken.create(), SETTINGS, healthyFixtures()).runAll();

        assertFailsExactly(report, broken.target(), broken.expectedFailures(), broken.name());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BrokenProviders.class)
    void brokenProviderFailsItsRuleOnly(BrokenProviders broken) {
        Report report = new ConformanceKit(HyperbolicSpace.of(BrokenManifolds.DIMENSION), SETTINGS,
                fixtures(broken.provider.get())).runAll();

        assertFailsExactly(report, broken.target, broken.expectedFailures, broken.name());
    }

    /** @return the messages of the rules that did not pass, one a line, for an assertion's description */
    static String notPassed(Report report) {
        return report.results().stream().filter(r -> r.status() != Status.PASSED).map(RuleResult::message)
                .collect(Collectors.joining("\n", "\n", ""));
    }

    private static void assertFailsExactly(Report report, RuleId target, Set<RuleId> expected, String name) {
        RuleResult result = report.results().stream().filter(r -> r.id() == target).findFirst().orElseThrow();
        Set<RuleId> failed = report.results().stream().filter(r -> r.status() == Status.FAILED)
                .map(RuleResult::id).collect(Collectors.toCollection(() -> EnumSet.noneOf(RuleId.class)));

        assertThat(result.status()).as("%s must fail %s: %s", name, target.id(), result.message())
                .isEqualTo(Status.FAILED);
        assertThat(result.message()).as("message of %s", name)
                .startsWith("[" + target.id() + "] " + target.statement() + " · ")
                .contains(result.measured())
                .contains("seed=" + SEED)
                .endsWith("check: " + target.hint());
        assertThat(result.measured()).as("measured value of %s", name).isNotBlank();
        assertThat(failed).as("rules failed by %s (all others must pass): %s", name, notPassed(report))
                .isEqualTo(expected);
        assertThat(report.passed()).as("report of %s", name).isFalse();
    }
}
