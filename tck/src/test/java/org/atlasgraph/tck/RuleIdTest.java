package org.atlasgraph.tck;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.atlasgraph.tck.fixture.HyperbolicSpace;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The rule catalogue and the JUnit class stay in step: one test per rule, named and displayed by the rule. */
class RuleIdTest {
    /** A short drift walk: this test only asks whether each rule is implemented. */
    private static final int DRIFT_STEPS = 1000;

    @Test
    void idsAreUniqueAndOfTheFormAreaDashNumber() {
        Set<String> ids = new HashSet<>();
        for (RuleId r : RuleId.values()) {
            assertThat(r.id()).as("id of %s", r).matches("[A-Z]{2,3}-[1-9][0-9]*");
            assertThat(r.name()).as("enum name of %s", r.id()).isEqualTo(r.id().replace('-', '_'));
            assertThat(ids.add(r.id())).as("%s unique", r.id()).isTrue();
            assertThat(r.statement()).as("statement of %s", r.id()).isNotBlank();
            assertThat(r.hint()).as("hint of %s", r.id()).isNotBlank();
        }
    }

    @Test
    void everyRuleHasOneTestNamedByLevelAndIdAndDisplayedByIdAndStatement() {
        List<Method> tests = Arrays.stream(ManifoldVerification.class.getDeclaredMethods())
                .filter(m -> m.isAnnotationPresent(org.junit.jupiter.api.Test.class)).collect(Collectors.toList());

        assertThat(tests).as("one test per rule").hasSize(RuleId.values().length);
        for (RuleId r : RuleId.values()) {
            String prefix = r.level().name().toLowerCase(Locale.ROOT) + "_" + r.id().replace("-", "") + "_";
            List<Method> named = tests.stream().filter(m -> m.getName().startsWith(prefix))
                    .collect(Collectors.toList());
            assertThat(named).as("test of %s named %s…", r.id(), prefix).hasSize(1);
            assertThat(named.get(0).getAnnotation(DisplayName.class).value()).as("display name of %s", r.id())
                    .isEqualTo(r.displayName());
        }
    }

    @Test
    void everyRuleButTheUntestedIsImplemented() {
        ConformanceKit kit = new ConformanceKit(HyperbolicSpace.of(1), TckSettings.defaults().withSamples(1)
                .withDriftSteps(DRIFT_STEPS));
        for (RuleId r : RuleId.values()) {
            boolean notVerified = kit.check(r).message().endsWith("Not verified by this TCK.");
            assertThat(notVerified).as("%s (%s) not verified", r.id(), r.level())
                    .isEqualTo(r.level() == Level.UNTESTED);
        }
    }
}
