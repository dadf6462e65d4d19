package org.atlasgraph.api.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ChecksTest {
    @Test
    void messagesFollowTheHouseFormat() {
        assertThatThrownBy(() -> Checks.requireLength("tau", new double[5], 6, "dimension of Gr(5,2)"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("tau: expected length 6 (dimension of Gr(5,2)), found 5");
        assertThatThrownBy(() -> Checks.requireFinite("xi", new double[] {0, 1, 2, Double.NaN}))
                .hasMessage("xi[3]: expected a finite value, found NaN");
        assertThatThrownBy(() -> Checks.requireInRange("k", 7, 1, 4))
                .hasMessage("k: expected 1 ≤ k ≤ 4, found 7");
        assertThatThrownBy(() -> Checks.requirePositive("h", -0.5))
                .hasMessage("h: expected a finite value > 0, found -0.5");
        assertThatThrownBy(() -> Checks.requireLength("x", null, 3, ""))
                .hasMessage("x: expected an array of length 3, found null");
    }

    @Test
    void exceptionExposesItsParts() {
        InvalidInputException e = new InvalidInputException("n", "an integer ≥ 2", "1", "S^{n-1}");
        assertThat(e.input()).isEqualTo("n");
        assertThat(e.expected()).isEqualTo("an integer ≥ 2");
        assertThat(e.found()).isEqualTo("1");
        assertThat(e).hasMessage("n: expected an integer ≥ 2, found 1 (S^{n-1})");
    }

    @Test
    void offManifoldPointsCarryTheirDefect() {
        Defect defect = new Defect("‖x‖ = 1", 3e-4, 1e-10);
        assertThatThrownBy(() -> Checks.requireOnManifold("p", new double[] {1.0003}, x -> Optional.of(defect)))
                .isInstanceOf(NotOnManifoldException.class)
                .hasMessage("p: expected ‖x‖ = 1 within 1.000e-10, found ‖x‖ = 1 off by 3.000e-04")
                .satisfies(t -> assertThat(((NotOnManifoldException) t).defect()).isEqualTo(defect));
        double[] ok = {1};
        assertThat(Checks.requireOnManifold("p", ok, x -> Optional.empty())).isSameAs(ok);
    }

    @Test
    void aDefectMeasuredByANamedQuantityIsNotCalledAnOffset() {
        Defect defect = new Defect("full column rank", "condition number", 2e13, 1e10);
        assertThatThrownBy(() -> Checks.requireOnManifold("X", new double[] {1}, x -> Optional.of(defect)))
                .hasMessage("X: expected full column rank (condition number at most 1.000e+10), "
                        + "found condition number = 2.000e+13");
        assertThat(new Defect("‖x‖ = 1", 3e-4, 1e-10).measure()).as("a violation of the constraint itself").isEmpty();
    }

    @Test
    void validValuesAreReturnedUnchanged() {
        double[] a = {1, 2};
        assertThat(Checks.requireFiniteOfLength("a", a, 2, "")).isSameAs(a);
        assertThat(Checks.requireInRange("t", 0.5, 0, 1)).isEqualTo(0.5);
        assertThat(Checks.requirePositive("n", 3)).isEqualTo(3);
    }

    @Test
    void numbersAreFormattedCompactly() {
        assertThat(Checks.number(1.0)).isEqualTo("1");
        assertThat(Checks.number(100.0)).isEqualTo("100");
        assertThat(Checks.number(0.25)).isEqualTo("0.25");
        assertThat(Checks.number(1e-12)).isEqualTo("1.000e-12");
    }
}
