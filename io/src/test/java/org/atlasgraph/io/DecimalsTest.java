package org.atlasgraph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DecimalsTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({"1, 1", "-0.5, -0.5", "+2, 2", ".25, 0.25", "3., 3", "6.02e23, 6.02e23", "1E-5, 1e-5",
        "-0, -0.0", "0.1, 0.1", "4.9e-324, 4.9e-324", "1.7976931348623157e308, 1.7976931348623157e308"})
    void acceptsDecimalNumbers(String text, double expected) {
        assertThat(Decimals.isDecimal(text)).as("%s is a decimal", text).isTrue();
        assertThat(Decimals.parse("x", text)).as("value of %s", text).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"0x1p-1", "0X1.8P1", "2f", "2F", "1d", "1.5D", "1_000", "1_0.5"})
    void refusesJavaLiteralsNamingTheSyntax(String text) {
        assertThat(Decimals.isDecimal(text)).as("%s is a decimal", text).isFalse();
        assertThatThrownBy(() -> Decimals.parse("--radius", text)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--radius: expected a decimal number such as 0.5 or -1e-3, found '" + text
                        + "' (Java literal syntax is not accepted)");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"abc", "1e", "e5", ".", "-", "1.2.3", "1e5.5", "1,5", "١"})
    void refusesOtherText(String text) {
        assertThatThrownBy(() -> Decimals.parse("--radius", text)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--radius: expected a decimal number such as 0.5 or -1e-3, found '" + text + "'");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"NaN", "nan", "-inf", "Infinity", "+INF"})
    void refusesSpelledNonFiniteValues(String text) {
        assertThatThrownBy(() -> Decimals.parse("--radius", text)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--radius: expected a finite number, found '" + text + "'");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1e400", "-1e309", "99999e99999"})
    void refusesValuesBeyondTheRangeOfADouble(String text) {
        assertThatThrownBy(() -> Decimals.parse("--radius", text)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--radius: expected a finite number, found '" + text + "' (beyond the range of a double)");
    }
}
