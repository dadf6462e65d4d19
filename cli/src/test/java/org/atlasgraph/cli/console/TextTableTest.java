package org.atlasgraph.cli.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TextTableTest {
    @Test
    void columnsAreAlignedUnderTheHeader() {
        String text = TextTable.withColumns("ID", "status", "measured")
                .row("RET-1", "PASSED", "‖Ret_p(0) − p‖ = 0")
                .row("VT-10", "FAILED", "ratio 1.04")
                .toString();

        String[] lines = text.split("\n");
        assertThat(lines).as("lines").hasSize(4);
        assertThat(lines[0]).as("header").isEqualTo("ID    | status | measured");
        assertThat(lines[1]).as("rule").isEqualTo("------+--------+-------------------");
        assertThat(lines[2]).as("row with symbols").isEqualTo("RET-1 | PASSED | ‖Ret_p(0) − p‖ = 0");
        assertThat(lines[3]).as("row").isEqualTo("VT-10 | FAILED | ratio 1.04");
    }

    @Test
    void rightAlignedColumnsPadOnTheLeftAndNoLineHasTrailingSpaces() {
        String text = TextTable.withColumns("n", "seconds", "note").alignRight(1)
                .row(10, 0.5, "")
                .row(1000, 12.25, "slow")
                .render("  ");

        assertThat(text).as("table").isEqualTo(
                "  n    | seconds | note\n"
                + "  -----+---------+-----\n"
                + "  10   |     0.5 |\n"
                + "  1000 |   12.25 | slow\n");
    }

    @Test
    void lineBreaksInACellBecomeSpaces() {
        assertThat(TextTable.withColumns("message").row("line one\nline two").toString()).as("table")
                .contains("line one line two");
    }

    @Test
    void rowWithTheWrongNumberOfCellsIsRefused() {
        assertThatThrownBy(() -> TextTable.withColumns("a", "b").row("only one"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("row has 1 cells");
    }
}
