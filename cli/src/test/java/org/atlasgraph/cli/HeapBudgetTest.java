package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;

class HeapBudgetTest {
    @Test
    void productSaturatesInsteadOfOverflowing() {
        assertThat(HeapBudget.product(3, 5, 7)).as("3·5·7").isEqualTo(105);
        assertThat(HeapBudget.product(Integer.MAX_VALUE, Integer.MAX_VALUE, 8)).as("2³¹·2³¹·8 saturates")
                .isEqualTo(Long.MAX_VALUE);
        assertThat(HeapBudget.product(Long.MAX_VALUE, 0)).as("anything times 0").isZero();
        assertThat(HeapBudget.product()).as("the empty product").isEqualTo(1);
    }

    @Test
    void aRequestThatFitsPassesAndOneThatDoesNotSaysWhatFits() {
        HeapBudget.require("--count", "10", 10, 72, "points");
        long fits = HeapBudget.available() / 72;

        assertThatThrownBy(() -> HeapBudget.require("--count", "2147483647", Integer.MAX_VALUE, 1L << 40, "points"))
                .as("2³¹ points of 1 TB").isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("--count: expected at most 0 points (1024.0 GB each in the ")
                .hasMessageEndingWith("of free heap; more with ATLAS_JAVA_OPTS=-Xmx…), found 2147483647");
        assertThatThrownBy(() -> HeapBudget.require("--count", "x", fits * 4, 72, "points"))
                .as("four times what fits").isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("expected at most ");
    }

    @Test
    void ambientDimensionsAreCheckedWithoutOverflow() {
        HeapBudget.requireAmbient("--param n=3", "S^2", 3, 100, "the kit");

        assertThatThrownBy(() -> HeapBudget.requireAmbient("--provider sphere --param n=2147483647", "S^2147483646",
                Integer.MAX_VALUE, Long.MAX_VALUE / 2, "the kit")).as("a product beyond Long.MAX_VALUE")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("--provider sphere --param "
                        + "n=2147483647: expected a manifold of ambient dimension at most 0 (the kit keeps about ")
                .hasMessageEndingWith("found S^2147483646 of ambient dimension 2147483647");
    }

    @Test
    void sizesReadForPeople() {
        assertThat(HeapBudget.bytes(72)).isEqualTo("72 bytes");
        assertThat(HeapBudget.bytes(3L << 20)).isEqualTo("3.0 MB");
        assertThat(HeapBudget.bytes(5L << 30)).isEqualTo("5.0 GB");
    }
}
