package org.atlasgraph.tck;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.atlasgraph.api.Approximation;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Sampler;
import org.atlasgraph.api.primitive.ExactGeometry;
import org.junit.jupiter.api.Test;

class ConformanceKitTest {
    private static final TckSettings SETTINGS = TckSettings.defaults().withSamples(3);

    private static Manifold withoutExact(Manifold m) {
        return new ForwardingManifold(m) {
            @Override
            public Optional<ExactGeometry> exact() {
                return Optional.empty();
            }
        };
    }

    private static Manifold withoutSampler(Manifold m) {
        return new ForwardingManifold(m) {
            @Override
            public Optional<Sampler> sampler() {
                return Optional.empty();
            }
        };
    }

    @Test
    void rulesNeedingExactGeometrySkipNamingIt() {
        Report report = new ConformanceKit(withoutExact(new SinhPlane(2)), SETTINGS).runAll();

        for (RuleId id : List.of(RuleId.VT_4, RuleId.VT_5, RuleId.DST_4)) {
            RuleResult r = report.results().get(id.ordinal());
            assertThat(r.status()).as("%s without exact geometry", id.id()).isEqualTo(Status.SKIPPED);
            assertThat(r.message()).as("%s skip reason", id.id())
                    .isEqualTo("[" + id.id() + "] skipped: manifold has no ExactGeometry (Manifold.exact() is empty)");
        }
        assertThat(report.passed()).as("no rule fails without exact geometry: %s", report).isTrue();
        assertThat(report.results().get(RuleId.RET_2.ordinal()).message())
                .as("RET-2 falls back to the chart-coordinate defect").contains("no exact geometry");
    }

    @Test
    void rulesNeedingFixturesSkipNamingTheFixture() {
        Report report = new ConformanceKit(new SinhPlane(2), SETTINGS).runAll();

        assertThat(report.results().get(RuleId.ERR_5.ordinal()).message()).as("ERR-5 skip reason")
                .contains("invalidAmbientPoints()");
        for (RuleId id : List.of(RuleId.SPI_1, RuleId.SPI_2, RuleId.SPI_3)) {
            assertThat(report.results().get(id.ordinal()).message()).as("%s skip reason", id.id())
                    .contains("override provider()");
        }
        assertThat(report.results().get(RuleId.DST_5.ordinal()).message()).as("untested rule")
                .isEqualTo("[DST-5] skipped: Not verified by this TCK.");
    }

    @Test
    void fixturePointsReplaceAMissingSampler() {
        SinhPlane plane = new SinhPlane(2);
        List<ChartPoint> points = List.of(plane.locate(new double[] {0.5, -1, 0}),
                plane.locate(new double[] {2, 1, 0}));
        Report report = new ConformanceKit(withoutSampler(plane), SETTINGS, TckFixtures.none().withPoints(points))
                .runAll();

        assertThat(report.passed()).as("fixture points: %s", report).isTrue();
        assertThat(report.results().get(RuleId.MAN_1.ordinal()).measured()).as("two points, each off-centre too")
                .startsWith("worst of 4:");
    }

    @Test
    void noPointsAtAllFailsEveryPointRuleSayingWhatToProvide() {
        RuleResult r = new ConformanceKit(withoutSampler(new SinhPlane(2)), SETTINGS).check(RuleId.MAN_1);

        assertThat(r.status()).as("status").isEqualTo(Status.FAILED);
        assertThat(r.message()).as("message").startsWith("[MAN-1] ").contains("could not run")
                .contains("Manifold.sampler() is empty").contains("withPoints");
    }

    @Test
    void aSamplerThatThrowsIsReportedNotPropagated() {
        Manifold broken = new ForwardingManifold(new SinhPlane(2)) {
            @Override
            public Optional<Sampler> sampler() {
                return Optional.of(rng -> {
                    throw new IllegalStateException("sampler exploded");
                });
            }
        };
        Report report = new ConformanceKit(broken, SETTINGS).runAll();

        assertThat(report.results().get(RuleId.RET_1.ordinal()).message()).as("RET-1 message")
                .contains("IllegalStateException: sampler exploded");
        assertThat(report.passed()).as("passed").isFalse();
    }

    @Test
    void sameSeedReplaysTheSameMeasurements() {
        List<String> first = measured(new ConformanceKit(new SinhPlane(2), SETTINGS).runAll());
        List<String> second = measured(new ConformanceKit(new SinhPlane(2), SETTINGS).runAll());
        List<String> other = measured(new ConformanceKit(new SinhPlane(2), SETTINGS.withSeed(7)).runAll());

        assertThat(second).as("second run, same seed").isEqualTo(first);
        assertThat(other).as("another seed draws other points").isNotEqualTo(first);
    }

    @Test
    void approximateTolerancesAreRelaxedAndStatedInEveryMessage() {
        String why = "quadratic charts fitted to noisy samples";
        TckSettings approximate = SETTINGS.withTolerances(Tolerances.approximate(0.3, 1e-2, 1e-2, why));
        Manifold shifted = BrokenManifolds.SHIFTED_LOCATE.wrap(new SinhPlane(2));

        RuleResult strict = new ConformanceKit(shifted, SETTINGS).check(RuleId.MAN_1);
        RuleResult relaxed = new ConformanceKit(shifted, approximate).check(RuleId.MAN_1);

        assertThat(strict.status()).as("a 1e-3 shift under strict tolerances").isEqualTo(Status.FAILED);
        assertThat(relaxed.status()).as("a 1e-3 shift under a 1e-2 round-trip tolerance").isEqualTo(Status.PASSED);
        assertThat(relaxed.message()).as("relaxed message").contains("approximate tolerances: " + why);
    }

    /** A manifold whose locate is off by 1e-3 and that declares a round-trip bound of 1e-2 with its reason. */
    private static Manifold declaredShifted(String why) {
        return new ForwardingManifold(BrokenManifolds.SHIFTED_LOCATE.wrap(new SinhPlane(2))) {
            @Override
            public Optional<Approximation> approximation() {
                return Optional.of(new Approximation(0.5, 0.3, 1e-2, 2e-2, why));
            }
        };
    }

    @Test
    void settingsForAManifoldApplyItsDeclaredApproximation() {
        String why = "locate is shifted by 1e-3";
        TckSettings declared = TckSettings.forManifold(declaredShifted(why));

        assertThat(declared.lengthScale()).as("declared length scale").isEqualTo(0.5);
        assertThat(declared.tolerances()).as("declared tolerances")
                .isEqualTo(Tolerances.approximate(0.3, 1e-2, 2e-2, why));
        assertThat(declared.seed()).as("seed").isEqualTo(TckSettings.DEFAULT_SEED);
        assertThat(TckSettings.forManifold(new SinhPlane(2))).as("an exact manifold keeps the strict defaults")
                .isEqualTo(TckSettings.defaults());
    }

    @Test
    void aDeclaredBoundBelowTheStrictOneIsRaisedToIt() {
        Manifold tight = new ForwardingManifold(new SinhPlane(2)) {
            @Override
            public Optional<Approximation> approximation() {
                return Optional.of(new Approximation(1, 1e-3, 1e-12, 1e-12, "claims better than exact"));
            }
        };
        assertThat(TckSettings.forManifold(tight).tolerances()).as("tolerances of an over-modest declaration")
                .isEqualTo(Tolerances.approximate(Tolerances.STRICT_SLOPE, Tolerances.STRICT_ROUND_TRIP,
                        Tolerances.STRICT_DISTANCE, "claims better than exact"));
    }

    @Test
    void theJUnitKitAppliesTheManifoldsDeclarationUnlessSettingsAreOverridden() {
        String why = "locate is shifted by 1e-3";
        ManifoldVerification declared = new ManifoldVerification() {
            @Override
            protected Manifold createManifold() {
                return declaredShifted(why);
            }
        };
        declared.createKit();
        RuleResult relaxed = declared.kit().check(RuleId.MAN_1);

        ManifoldVerification overridden = new ManifoldVerification() {
            @Override
            protected Manifold createManifold() {
                return declaredShifted(why);
            }

            @Override
            protected TckSettings settings() {
                return TckSettings.defaults();
            }
        };
        overridden.createKit();

        assertThat(relaxed.status()).as("a 1e-3 shift under the declared 1e-2 bound").isEqualTo(Status.PASSED);
        assertThat(relaxed.message()).as("message states the declaration").contains("approximate tolerances: " + why);
        assertThat(overridden.kit().check(RuleId.MAN_1).status()).as("the same shift under overridden strict settings")
                .isEqualTo(Status.FAILED);
    }

    @Test
    void reportOrdersResultsByRuleAndNamesTheManifold() {
        Report report = new ConformanceKit(new SinhPlane(2), SETTINGS).runAll();

        assertThat(report.manifold()).as("manifold").isEqualTo("SinhPlane(2)");
        assertThat(report.results().stream().map(RuleResult::id).collect(Collectors.toList()))
                .as("rule order").containsExactly(RuleId.values());
    }

    private static List<String> measured(Report report) {
        return report.results().stream().map(RuleResult::measured).collect(Collectors.toList());
    }
}
