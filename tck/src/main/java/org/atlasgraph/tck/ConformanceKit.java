package org.atlasgraph.tck;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.atlasgraph.api.Manifold;

/**
 * The JUnit-free engine of the kit: checks one rule or all of them on a manifold. {@code atlas tck} runs it directly;
 * {@link ManifoldVerification} wraps it in one JUnit test per rule. Both start from {@link TckSettings#forManifold}, so
 * that the length scale and accuracy a manifold declares apply alike ({@link #forManifold} is that default).
 *
 * <p>The kit calls the manifold's primitives through {@code ValidatingManifold}, so a malformed answer (a point outside
 * its chart's image, a vector in the wrong chart, an embedding that fails {@code checkPoint}) fails the rule that met
 * it with a precise message; the ERR rules call the manifold as given, to see its own rejection of bad input.
 *
 * <p>Every random draw derives from {@link TckSettings#seed()}: the test points are drawn once per kit (so sample i is
 * the same point in every rule) and each rule draws its directions from its own seeded source (so rules do not depend
 * on the order they run in). {@link #check} never throws: a primitive that throws where it must not, or a kit that
 * cannot run (no sampler and no points), is reported as a failed rule with the reason.
 */
public final class ConformanceKit {
    private static final Map<RuleId, Function<Probe, RuleResult>> RULES = new EnumMap<>(RuleId.class);

    static {
        RULES.put(RuleId.MAN_1, ManifoldChecks::locateOfEmbed);
        RULES.put(RuleId.MAN_2, ManifoldChecks::coordinatesInOwnChart);
        RULES.put(RuleId.MAN_3, ManifoldChecks::shapes);
        RULES.put(RuleId.CHT_1, ManifoldChecks::locatedPointsInChart);
        RULES.put(RuleId.CHT_2, ChartChecks::leftInverse);
        RULES.put(RuleId.CHT_3, ChartChecks::metricProjection);
        RULES.put(RuleId.RET_1, RetractionChecks::zeroStep);
        RULES.put(RuleId.RET_2, RetractionChecks::firstOrder);
        RULES.put(RuleId.RET_3, RetractionChecks::validResult);
        RULES.put(RuleId.RET_4, DriftCheck::drift);
        RULES.put(RuleId.RET_5, RetractionChecks::longSteps);
        RULES.put(RuleId.INV_1, RetractionChecks::inverseOfRetraction);
        RULES.put(RuleId.INV_2, RetractionChecks::retractionOfInverse);
        RULES.put(RuleId.VT_1, TransportChecks::linear);
        RULES.put(RuleId.VT_2, TransportChecks::identity);
        RULES.put(RuleId.VT_3, TransportChecks::normPreserved);
        RULES.put(RuleId.VT_4, TransportChecks::firstOrder);
        RULES.put(RuleId.VT_5, TransportChecks::secondOrderAtCentres);
        RULES.put(RuleId.GEO_1, GeodesicChecks::expOfLog);
        RULES.put(RuleId.GEO_2, GeodesicChecks::lengthOfLog);
        RULES.put(RuleId.GEO_3, GeodesicChecks::isometricTransport);
        RULES.put(RuleId.TRN_1, TransitionChecks::roundTrip);
        RULES.put(RuleId.TRN_2, TransitionChecks::samePoint);
        RULES.put(RuleId.TRN_3, TransitionChecks::differential);
        RULES.put(RuleId.TRN_4, TransitionChecks::cocycle);
        RULES.put(RuleId.MET_1, MetricChecks::symmetricPositiveDefinite);
        RULES.put(RuleId.MET_2, MetricChecks::pullBack);
        RULES.put(RuleId.MET_3, MetricChecks::raiseInverts);
        RULES.put(RuleId.MET_4, MetricChecks::riemannianGradient);
        RULES.put(RuleId.DST_1, DistanceChecks::symmetric);
        RULES.put(RuleId.DST_2, DistanceChecks::zeroDiagonal);
        RULES.put(RuleId.DST_3, DistanceChecks::triangle);
        RULES.put(RuleId.DST_4, DistanceChecks::exact);
        RULES.put(RuleId.ERR_1, ErrorChecks::wrongLengthAmbient);
        RULES.put(RuleId.ERR_2, ErrorChecks::nonFiniteAmbient);
        RULES.put(RuleId.ERR_3, ErrorChecks::wrongLengthCoordinates);
        RULES.put(RuleId.ERR_4, ErrorChecks::tangentInWrongChart);
        RULES.put(RuleId.ERR_5, ErrorChecks::offManifoldAmbient);
        RULES.put(RuleId.ERR_6, ErrorChecks::finiteOutputs);
        RULES.put(RuleId.SPI_1, ProviderChecks::discoverable);
        RULES.put(RuleId.SPI_2, ProviderChecks::wellFormedName);
        RULES.put(RuleId.SPI_3, ProviderChecks::badParameters);
    }

    private final Probe probe;

    /**
     * The kit with the manifold's own declarations: {@link TckSettings#forManifold} (its {@code LengthScale} and
     * {@code Accuracy}), as {@link ManifoldVerification} and {@code atlas tck} use by default.
     *
     * @param manifold the manifold under test
     * @param fixtures points (for a manifold without sampler), off-manifold points, the provider
     * @return the kit
     */
    public static ConformanceKit forManifold(Manifold manifold, TckFixtures fixtures) {
        return new ConformanceKit(manifold, TckSettings.forManifold(manifold), fixtures);
    }

    /**
     * A kit without fixtures: points come from {@code manifold.capability(Sampler.class)}; ERR-5 and the SPI rules
     * are skipped.
     *
     * @param manifold the manifold under test
     * @param settings seed, sample counts and tolerances
     */
    public ConformanceKit(Manifold manifold, TckSettings settings) {
        this(manifold, settings, TckFixtures.none());
    }

    /**
     * A kit with fixtures.
     *
     * @param manifold the manifold under test
     * @param settings seed, sample counts and tolerances
     * @param fixtures points (for a manifold without sampler), off-manifold points, the provider
     */
    public ConformanceKit(Manifold manifold, TckSettings settings, TckFixtures fixtures) {
        this.probe = new Probe(Objects.requireNonNull(manifold, "manifold"), Objects.requireNonNull(settings,
                "settings"), Objects.requireNonNull(fixtures, "fixtures"));
    }

    /** @return the settings of this kit */
    public TckSettings settings() {
        return probe.settings();
    }

    /**
     * Checks one rule. Never throws: an exception escaping the manifold is a failure of the rule, with its message.
     *
     * @param id a rule
     * @return its outcome on this manifold; {@link Level#UNTESTED} rules are skipped with "Not verified by this TCK."
     */
    public RuleResult check(RuleId id) {
        Objects.requireNonNull(id, "id");
        Function<Probe, RuleResult> rule = RULES.get(id);
        if (rule == null) {
            return Evidence.skipped(id, "Not verified by this TCK.");
        }
        try {
            return rule.apply(probe);
        } catch (RuntimeException e) {
            return probe.evidence(id).couldNotRun(e);
        }
    }

    /** @return the outcome of every rule, in rule order */
    public Report runAll() {
        List<RuleResult> results = new ArrayList<>();
        for (RuleId id : RuleId.values()) {
            results.add(check(id));
        }
        return new Report(probe.manifold().name(), results);
    }
}
