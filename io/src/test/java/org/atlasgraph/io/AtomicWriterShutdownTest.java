package org.atlasgraph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A JVM stopped by SIGTERM or SIGINT in the middle of an atomic write leaves its target as it was and no temporary. */
class AtomicWriterShutdownTest {
    /** Bounds the wait for a child JVM; a child that outlives it is killed and the test fails. */
    private static final long CHILD_TIMEOUT_SECONDS = 120;
    private static final int SIGINT = 2;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "SIG{0}")
    @ValueSource(strings = {"TERM", "INT"})
    void signalDuringAWriteRemovesTheTemporaryFile(String signal) throws IOException, InterruptedException {
        Path target = Files.writeString(dir.resolve("atlas.json"), "previous atlas");
        Process child = ChildJvm.start(SlowWriteMain.class, List.of("-Xmx32m"), target.toString());
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8));
            assertThat(out.readLine()).as("child reports it is writing").isEqualTo("writing");
            assertThat(names()).as("files while the child writes").hasSize(2)
                    .anyMatch(n -> n.matches("\\.atlas\\.json\\..*\\.tmp"));
            if (signal.equals("INT")) {
                assumeThat(ignores(child.pid(), SIGINT)).as("SIGINT ignored by the child (inherited)").isFalse();
                Process kill = new ProcessBuilder("kill", "-INT", Long.toString(child.pid())).start();
                assertThat(kill.waitFor()).as("kill exit code").isZero();
            } else {
                child.destroy();
            }

            assertThat(child.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)).as("child exited").isTrue();
            assertThat(names()).as("files after SIG%s", signal).containsExactly("atlas.json");
            assertThat(target).as("target").hasContent("previous atlas");
        } finally {
            child.destroyForcibly();
        }
    }

    private List<String> names() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** @return whether the process ignores the signal, from the SigIgn mask of {@code /proc/<pid>/status} */
    private static boolean ignores(long pid, int signal) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("SigIgn:")) {
                return new BigInteger(line.substring("SigIgn:".length()).strip(), 16).testBit(signal - 1);
            }
        }
        return false;
    }
}
