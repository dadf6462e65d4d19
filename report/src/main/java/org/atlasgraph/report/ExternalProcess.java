package org.atlasgraph.report;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs an external program with its standard streams redirected to files (so that no pipe can fill up and block it)
 * and a time-out after which the program and every process it started are killed. Also finds programs on the PATH.
 */
final class ExternalProcess {
    /** How long to wait for a killed process to go. */
    private static final long KILL_WAIT_SECONDS = 10;

    private ExternalProcess() {
    }

    /**
     * The outcome of a run.
     *
     * @param exitCode the exit status, or −1 when the run timed out
     * @param timedOut whether the time-out killed it
     */
    record Outcome(int exitCode, boolean timedOut) {
    }

    /**
     * Runs a command to completion or time-out.
     *
     * @param command the program and its arguments
     * @param input   the file to read as standard input, or empty for none
     * @param output  receives standard output
     * @param error   receives standard error
     * @param timeout how long to wait
     * @return the outcome
     * @throws IOException if the program cannot be started
     */
    static Outcome run(List<String> command, Optional<Path> input, Path output, Path error, Duration timeout)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectOutput(output.toFile())
                .redirectError(error.toFile());
        builder.redirectInput(input.isPresent() ? ProcessBuilder.Redirect.from(input.get().toFile())
                : ProcessBuilder.Redirect.from(new File("/dev/null")));
        Process process = builder.start();
        try {
            if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return new Outcome(process.exitValue(), false);
            }
            kill(process);
            return new Outcome(-1, true);
        } catch (InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + command.get(0), e);
        }
    }

    private static void kill(Process process) throws IOException {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(KILL_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while killing a process", e);
        }
    }

    /**
     * The first of the given names found as an executable file in a directory of the PATH.
     *
     * @param names program names to try, in order
     * @return its path, or empty
     */
    static Optional<Path> onPath(String... names) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String name : names) {
            for (String dir : path.split(File.pathSeparator)) {
                if (dir.isEmpty()) {
                    continue;
                }
                Path candidate = Path.of(dir, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /** @return the last {@code lines} lines of a text file, joined by " | ", or "" when unreadable or empty */
    static String tail(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join(" | ", all.subList(Math.max(0, all.size() - lines), all.size())).strip();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** Deletes a directory tree, quietly: it holds temporary files only. */
    static void deleteTree(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            dir.toFile().deleteOnExit();
        }
    }
}
