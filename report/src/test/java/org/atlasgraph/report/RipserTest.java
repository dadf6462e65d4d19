package org.atlasgraph.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RipserTest {
    /** Ripser prints 6 significant digits. */
    private static final double PRINTED = 1e-5;

    @TempDir
    Path dir;


    @Test
    void twoPointsHaveOneFiniteAndOneEssentialComponent() {
        PersistenceDiagrams d = Installed.ripser().compute(new double[][] {{0, 0}, {3, 4}}, 1, 2);
        assertThat(d.dimension(0).intervals()).as("H0 of two points 5 apart")
                .containsExactlyInAnyOrder(new PersistenceInterval(0, 5), new PersistenceInterval(0,
                        Double.POSITIVE_INFINITY));
        assertThat(d.dimension(1).intervals()).as("H1 of two points").isEmpty();
    }

    @Test
    void aRegularPolygonHasOneLoopFromItsSideToTheInscribedTriangle() {
        int n = 24;
        double[][] p = new double[n][];
        for (int i = 0; i < n; i++) {
            p[i] = new double[] {Math.cos(2 * Math.PI * i / n), Math.sin(2 * Math.PI * i / n)};
        }
        for (int modulus : new int[] {2, 3}) {
            PersistenceDiagrams d = Installed.ripser().compute(p, 1, modulus);
            assertThat(d.dimension(1).intervals()).as("H1 of a 24-gon over Z/%d", modulus).hasSize(1);
            PersistenceInterval loop = d.dimension(1).intervals().get(0);
            // Adamaszek–Adams: the Rips complex of the n-gon is a circle from the side 2 sin(π/n) until the
            // diagonals spanning n/3 steps (the inscribed equilateral triangle, side √3) fill it.
            assertThat(loop.birth()).as("birth = side 2 sin(π/24)").isCloseTo(2 * Math.sin(Math.PI / n),
                    within(PRINTED));
            assertThat(loop.death()).as("death = √3").isCloseTo(Math.sqrt(3), within(PRINTED));
            assertThat(d.modulus()).as("modulus").isEqualTo(modulus);
        }
    }

    @Test
    void parsesSectionsEssentialClassesAndRemarks() {
        List<String> out = List.of(
                "point cloud with 3 points in dimension 2",
                "value range: [1,2]",
                "persistence intervals in dim 0:",
                " [0,1)",
                " [0, )",
                "",
                "persistence intervals in dim 1:",
                " [1.5,2.25): {[2,1] (1)}");
        PersistenceDiagrams d = Ripser.parse(out, 2, 3, "test");
        assertThat(d.dimension(0).intervals()).as("H0").containsExactly(new PersistenceInterval(0, 1),
                new PersistenceInterval(0, Double.POSITIVE_INFINITY));
        assertThat(d.dimension(1).intervals()).as("H1, representative ignored")
                .containsExactly(new PersistenceInterval(1.5, 2.25));
        assertThat(d.dimension(2).intervals()).as("H2 absent from the output").isEmpty();
    }

    @Test
    void rejectsAGarbledIntervalNamingTheLine() {
        List<String> out = List.of("persistence intervals in dim 0:", " [0,x)");
        assertThatThrownBy(() -> Ripser.parse(out, 0, 2, "test")).isInstanceOf(RipserException.class)
                .hasMessageContaining("wrote '[0,x)' at line 2");
    }

    @Test
    void rejectsOutputWithoutDiagrams() {
        assertThatThrownBy(() -> Ripser.parse(List.of("Usage: ripser"), 1, 2, "test"))
                .isInstanceOf(RipserException.class).hasMessageContaining("no 'persistence intervals in dim'");
    }

    @Test
    void killsAHangingBinaryAtTheTimeOut() throws IOException {
        Ripser hanging = Ripser.at(script("hang", "exec sleep 60"), true);
        long start = System.nanoTime();
        assertThatThrownBy(() -> hanging.compute(new double[][] {{0}, {1}}, 0, 2, Duration.ofSeconds(1)))
                .isInstanceOf(RipserException.class).hasMessageContaining("did not finish within 1 s");
        assertThat((System.nanoTime() - start) / 1e9).as("seconds until the time-out returned").isLessThan(30);
    }

    @Test
    void reportsAFailingBinaryWithItsErrorOutput() throws IOException {
        Ripser failing = Ripser.at(script("fail", "echo 'out of memory' >&2; exit 3"), true);
        assertThatThrownBy(() -> failing.compute(new double[][] {{0}, {1}}, 0, 2))
                .isInstanceOf(RipserException.class).hasMessageContaining("exited with status 3: out of memory");
    }

    @Test
    void rejectsModulusOtherThanTwoWithoutRipserCoeff() throws IOException {
        Ripser plain = Ripser.at(script("plain", "exit 0"), false);
        assertThatThrownBy(() -> plain.compute(new double[][] {{0}, {1}}, 0, 3))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("modulus: expected 2 with");
    }

    @Test
    void rejectsACompositeModulusAndTooFewPoints() throws IOException {
        Ripser any = Ripser.at(script("any", "exit 0"), true);
        assertThatThrownBy(() -> any.compute(new double[][] {{0}, {1}}, 0, 4))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("modulus: expected a prime, found 4");
        assertThatThrownBy(() -> any.compute(new double[][] {{0}}, 0, 2))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("points: expected at least 2 points, found 1 points");
    }

    @Test
    void rejectsAMissingExecutable() {
        assertThatThrownBy(() -> Ripser.at(dir.resolve("absent"), true)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("executable: expected an executable file");
    }

    private Path script(String name, String body) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, "#!/bin/sh\n" + body + "\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
        return file;
    }
}
