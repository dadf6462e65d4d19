package org.atlasgraph.tck;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;
import org.atlasgraph.api.Capability;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.VectorTransport;
import org.atlasgraph.api.capability.Accuracy;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.capability.LengthScale;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.tck.fixture.BrokenManifolds;
import org.atlasgraph.tck.fixture.ForwardingManifold;
import org.atlasgraph.tck.fixture.HyperbolicSpace;
import org.junit.jupiter.api.Test;

class ConformanceKitTest {
    /** Three base points keep these runs short; each is also tested off-centre. */
    private static final TckSettings SETTINGS = TckSettings.forManifold(HyperbolicSpace.of(2)).withSamples(3);
    /** The reason the kit gives for skipping a rule that needs closed-form geometry. */
    private static final String NO_EXACT = "manifold has no ExactGeometry "
            + "(Manifold.capability(ExactGeometry.class) is empty)";

    /** @return m with one capability hidden (or replaced) */
    private static <C extends Capability> Manifold withCapability(Manifold m, Class<C> type, C replacement) {
        return new ForwardingManifold(m) {
            @Override
            public <T extends Capability> Optional<T> capability(Class<T> requested) {
                return requested == type ? Optional.ofNullable(replacement).map(requested::cast)
                        : super.capability(requested);
            }
        };
    }

    private static Manifold withRetraction(Manifold m, Retraction r) {
        return new ForwardingManifold(m) {
            @Override
            public Retraction retraction() {
                return r;
            }
        };
    }

    @Test
    void rulesNeedingExactGeometrySkipNamingIt() {
        Report report = new ConformanceKit(withCapability(HyperbolicSpace.of(2), ExactGeometry.class, null),
                SETTINGS).runAll();

        for (RuleId id : List.of(RuleId.VT_4, RuleId.VT_5, RuleId.GEO_1, RuleId.GEO_2, RuleId.GEO_3, RuleId.DST_4)) {
            RuleResult r = report.results().get(id.ordinal());
            assertThat(r.status()).as("%s without exact geometry", id.id()).isEqualTo(Status.SKIPPED);
            assertThat(r.message()).as("%s skip reason", id.id()).isEqualTo("[" + id.id() + "] skipped: " + NO_EXACT);
        }
        assertThat(report.passed()).as("no rule fails without exact geometry: %s", report).isTrue();
        assertThat(report.results().get(RuleId.RET_2.ordinal()).message())
                .as("RET-2 falls back to the chart-coordinate defect").contains("no exact geometry");
    }

    @Test
    void distanceRulesNeedGeodesicsAndSkipNamingIt() {
        Report report = new ConformanceKit(withCapability(HyperbolicSpace.of(2), Geodesics.class, null), SETTINGS)
                .runAll();

        for (RuleId id : List.of(RuleId.DST_1, RuleId.DST_2, RuleId.DST_3, RuleId.DST_4)) {
            assertThat(report.results().get(id.ordinal()).message()).as("%s skip reason", id.id())
                    .isEqualTo("[" + id.id() + "] skipped: manifold has no Geodesics "
                            + "(Manifold.capability(Geodesics.class) is empty)");
        }
        assertThat(report.passed()).as("no rule fails without geodesics: %s", report).isTrue();
    }

    @Test
    void rulesNeedingFixturesSkipNamingTheFixture() {
        Report report = new ConformanceKit(HyperbolicSpace.of(2), SETTINGS).runAll();

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
        HyperbolicSpace space = HyperbolicSpace.of(2);
        List<ChartPoint> points = List.of(space.locate(new double[] {Math.sqrt(2.25), 0.5, -1}),
                space.locate(new double[] {Math.sqrt(6), 2, 1}));
        Report report = new ConformanceKit(withCapability(space, Sampler.class, null), SETTINGS,
                TckFixtures.none().withPoints(points)).runAll();

        assertThat(report.passed()).as("fixture points: %s", report).isTrue();
        assertThat(report.results().get(RuleId.MAN_1.ordinal()).measured()).as("two points, each off-centre too")
                .startsWith("worst of 4:");
    }

    @Test
    void noPointsAtAllFailsEveryPointRuleSayingWhatToProvide() {
        RuleResult r = new ConformanceKit(withCapability(HyperbolicSpace.of(2), Sampler.class, null), SETTINGS)
                .check(RuleId.MAN_1);

        assertThat(r.status()).as("status").isEqualTo(Status.FAILED);
        assertThat(r.message()).as("message").startsWith("[MAN-1] ").contains("could not run")
                .contains("no Sampler capability").contains("withPoints");
    }

    @Test
    void aSamplerThatThrowsIsReportedNotPropagated() {
        Sampler exploding = new Sampler() {
            @Override
            public ChartPoint sample(RandomGenerator rng) {
                throw new IllegalStateException("sampler exploded");
            }

            @Override
            public String distribution() {
                return "none";
            }
        };
        Report report = new ConformanceKit(withCapability(HyperbolicSpace.of(2), Sampler.class, exploding), SETTINGS)
                .runAll();

        assertThat(report.results().get(RuleId.RET_1.ordinal()).message()).as("RET-1 message")
                .contains("IllegalStateException: sampler exploded");
        assertThat(report.passed()).as("passed").isFalse();
    }

    @Test
    void sameSeedReplaysTheSameMeasurements() {
        List<String> first = measured(new ConformanceKit(HyperbolicSpace.of(2), SETTINGS).runAll());
        List<String> second = measured(new ConformanceKit(HyperbolicSpace.of(2), SETTINGS).runAll());
        List<String> other = measured(new ConformanceKit(HyperbolicSpace.of(2), SETTINGS.withSeed(7)).runAll());

        assertThat(second).as("second run, same seed").isEqualTo(first);
        assertThat(other).as("another seed draws other points").isNotEqualTo(first);
    }

    @Test
    void malformedAnswersAreCaughtByTheValidatingViewWithAPreciseMessage() {
        Manifold m = HyperbolicSpace.of(2);
        VectorTransport t = m.vectorTransport();
        Manifold wrongChart = new ForwardingManifold(m) {
            @Override
            public VectorTransport vectorTransport() {
                return (p, tau, q) -> q.sameChart(p) ? t.transport(p, tau, q) : tau;
            }
        };
        RuleResult r = new ConformanceKit(wrongChart, SETTINGS).check(RuleId.VT_1);

        assertThat(r.status()).as("VT-1 on a transport that answers in p's chart").isEqualTo(Status.FAILED);
        assertThat(r.measured()).as("measured").contains("IllegalStateException: transport of H^2: expected a "
                + "tangent vector in chart");
    }

    @Test
    void anEmptyRetractionFailsAnExactAtlasAndIsCountedForAnApproximateOne() {
        Manifold m = HyperbolicSpace.of(2);
        Retraction r = m.retraction();
        double limit = 0.3 * HyperbolicSpace.LENGTH_SCALE;
        Manifold withEdge = withRetraction(m, (p, tau) -> m.metric().norm(p, tau) > limit ? Optional.empty()
                : r.retract(p, tau));

        RuleResult exact = new ConformanceKit(withEdge, SETTINGS).check(RuleId.RET_3);
        RuleResult approximate = new ConformanceKit(withEdge, SETTINGS.withAccuracy(new Accuracy(0.1, 1e-9, 1e-9,
                "a learned atlas whose data end 0.15 from every point"))).check(RuleId.RET_3);

        assertThat(exact.status()).as("RET-3 on an exact atlas with an edge").isEqualTo(Status.FAILED);
        assertThat(exact.measured()).as("exact measured").contains("answered empty on an exact atlas");
        assertThat(approximate.status()).as("RET-3 on an approximate atlas with an edge").isEqualTo(Status.PASSED);
        assertThat(approximate.measured()).as("approximate measured")
                .contains("case(s) not checked: the atlas answered empty at its edge");
    }

    @Test
    void approximateTolerancesAreRelaxedAndStatedInEveryMessage() {
        String why = "quadratic charts fitted to noisy samples";
        TckSettings approximate = SETTINGS.withAccuracy(new Accuracy(0.3, 1e-2, 1e-2, why));
        Manifold shifted = BrokenManifolds.SHIFTED_LOCATE.create();

        RuleResult strict = new ConformanceKit(shifted, SETTINGS).check(RuleId.MAN_1);
        RuleResult relaxed = new ConformanceKit(shifted, approximate).check(RuleId.MAN_1);

        assertThat(strict.status()).as("a 1e-3 shift under exact tolerances").isEqualTo(Status.FAILED);
        assertThat(relaxed.status()).as("a 1e-3 shift under a 1e-2 round-trip tolerance").isEqualTo(Status.PASSED);
        assertThat(relaxed.message()).as("relaxed message").contains("approximate tolerances: ").contains(why);
    }

    /** A manifold whose locate is off by 1e-3 and that declares a round-trip bound of 1e-2 with its reason. */
    private static Manifold declaredShifted(String why) {
        return withCapability(withCapability(BrokenManifolds.SHIFTED_LOCATE.create(), Accuracy.class,
                new Accuracy(0.3, 1e-2, 2e-2, why)), LengthScale.class, new LengthScale(0.25, "a quarter"));
    }

    @Test
    void settingsForAManifoldApplyItsDeclaredLengthScaleAndAccuracy() {
        String why = "locate is shifted by 1e-3";
        TckSettings declared = TckSettings.forManifold(declaredShifted(why));

        assertThat(declared.lengthScale()).as("declared length scale").isEqualTo(0.25);
        assertThat(declared.accuracy()).as("declared accuracy").isEqualTo(new Accuracy(0.3, 1e-2, 2e-2, why));
        assertThat(declared.seed()).as("seed").isEqualTo(TckSettings.DEFAULT_SEED);
        assertThat(TckSettings.forManifold(HyperbolicSpace.of(2))).as("the reference declares its length scale only")
                .isEqualTo(TckSettings.defaults().withLengthScale(HyperbolicSpace.LENGTH_SCALE));
        assertThat(TckSettings.forManifold(withCapability(HyperbolicSpace.of(2), LengthScale.class, null)))
                .as("a manifold that declares nothing gets the defaults").isEqualTo(TckSettings.defaults());
    }

    @Test
    void aDeclaredBoundBelowTheExactOneIsRaisedToIt() {
        Manifold tight = withCapability(HyperbolicSpace.of(2), Accuracy.class,
                new Accuracy(1e-3, 1e-12, 1e-12, "claims better than exact"));

        assertThat(TckSettings.forManifold(tight).accuracy()).as("accuracy of an over-modest declaration")
                .isEqualTo(new Accuracy(Accuracy.EXACT.slope(), Accuracy.EXACT.roundTrip(),
                        Accuracy.EXACT.distance(), "claims better than exact"));
    }

    @Test
    void theJUnitKitAndTheCommandLineKitApplyTheSameDeclaredSettings() {
        ManifoldVerification junit = new ManifoldVerification() {
            @Override
            protected Manifold createManifold() {
                return HyperbolicSpace.of(2);
            }
        };
        junit.createKit();
        ConformanceKit commandLine = ConformanceKit.forManifold(HyperbolicSpace.of(2), TckFixtures.none());

        assertThat(junit.kit().settings()).as("JUnit settings").isEqualTo(commandLine.settings());
        assertThat(commandLine.settings().lengthScale()).as("declared length scale applied")
                .isEqualTo(HyperbolicSpace.LENGTH_SCALE);
        assertThat(junit.kit().check(RuleId.RET_3)).as("RET-3, JUnit against command line")
                .isEqualTo(commandLine.check(RuleId.RET_3));
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
        assertThat(relaxed.message()).as("message states the declaration").contains(why);
        assertThat(overridden.kit().check(RuleId.MAN_1).status()).as("the same shift under overridden exact settings")
                .isEqualTo(Status.FAILED);
    }

    @Test
    void chartsWithBoundedImagesPassTheRetractionRulesAtTheDeclaredLengthScaleAndBeyond() {
        for (double scale : new double[] {HyperbolicSpace.LENGTH_SCALE, 1, 2}) {
            ConformanceKit kit = new ConformanceKit(HyperbolicSpace.of(2), SETTINGS.withLengthScale(scale));
            for (RuleId id : List.of(RuleId.RET_3, RuleId.RET_5)) {
                RuleResult r = kit.check(id);
                assertThat(r.status()).as("%s at length scale %s: %s", id.id(), scale, r.message())
                        .isEqualTo(Status.PASSED);
            }
        }
    }

    @Test
    void reportOrdersResultsByRuleAndNamesTheManifold() {
        Report report = new ConformanceKit(HyperbolicSpace.of(2), SETTINGS).runAll();

        assertThat(report.manifold()).as("manifold").isEqualTo("H^2");
        assertThat(report.results().stream().map(RuleResult::id).collect(Collectors.toList()))
                .as("rule order").containsExactly(RuleId.values());
    }

    private static List<String> measured(Report report) {
        return report.results().stream().map(RuleResult::measured).collect(Collectors.toList());
    }
}
