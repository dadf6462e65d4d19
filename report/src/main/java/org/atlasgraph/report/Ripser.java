package org.atlasgraph.report;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Vietoris–Rips persistent homology by Ulrich Bauer's Ripser, run as the Debian package's binary (App. F.2 used the
 * Python package, which wraps the same code).
 *
 * <p>The Debian package {@code ripser} installs {@code ripser} (coefficients Z/2 only) and {@code ripser-coeff}
 * (any prime p via {@code --modulus p}); this class prefers {@code ripser-coeff}. A run writes the points to a
 * temporary file and calls {@code ripser-coeff --format point-cloud --dim K --modulus p FILE}, i.e. the full
 * filtration up to the enclosing radius; the output's {@code persistence intervals in dim k:} sections are read into
 * {@link PersistenceDiagrams} ({@code [b,d)} lines, {@code [b, )} for an essential class). The process has a time-out
 * and is killed with anything it started when it passes; a missing binary, a non-zero exit, a time-out or output
 * without diagrams each raise a {@link RipserException} that says which. Ripser's cost grows steeply with the number
 * of points in dimension 2; subsample with {@link FarthestPointSample} (200 points take a few seconds).
 */
public final class Ripser {
    /** The default time-out of one run. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);
    /** How to get the binary, for messages and the report. */
    public static final String INSTALL_HINT = "install the Debian package 'ripser' (apt-get install ripser), "
            + "which provides ripser-coeff";

    private static final Pattern HEADER = Pattern.compile("persistence intervals in dim (\\d+):");
    private static final Pattern INTERVAL = Pattern.compile("^\\s*\\[\\s*([^,\\s]+)\\s*,\\s*([^)\\s]*)\\s*\\).*$");
    private static final int MAX_DIMENSION = 5;

    private final Path executable;
    private final boolean anyModulus;

    private Ripser(Path executable, boolean anyModulus) {
        this.executable = executable;
        this.anyModulus = anyModulus;
    }

    /**
     * Finds Ripser on the PATH: {@code ripser-coeff} if present, else {@code ripser} (then only Z/2 works).
     *
     * @return Ripser, or empty when neither is installed
     */
    public static Optional<Ripser> locate() {
        Optional<Path> coeff = ExternalProcess.onPath("ripser-coeff");
        if (coeff.isPresent()) {
            return Optional.of(new Ripser(coeff.get(), true));
        }
        return ExternalProcess.onPath("ripser").map(p -> new Ripser(p, false));
    }

    /**
     * Ripser at a given path, for installations off the PATH.
     *
     * @param executable the binary
     * @param anyModulus whether it accepts {@code --modulus} (true for {@code ripser-coeff})
     * @return Ripser
     * @throws InvalidInputException if the file is not executable
     */
    public static Ripser at(Path executable, boolean anyModulus) {
        if (executable == null || !Files.isExecutable(executable)) {
            throw new InvalidInputException("executable", "an executable file", String.valueOf(executable));
        }
        return new Ripser(executable, anyModulus);
    }

    /**
     * Like {@link #locate()}, but failing with a message that says how to install it.
     *
     * @return Ripser
     * @throws RipserException if neither binary is on the PATH
     */
    public static Ripser require() {
        return locate().orElseThrow(() -> new RipserException(
                "ripser: expected ripser-coeff or ripser on the PATH, found neither; " + INSTALL_HINT));
    }

    /** @return the binary this instance runs */
    public Path executable() {
        return executable;
    }

    /**
     * Persistent homology with the default time-out.
     *
     * @see #compute(double[][], int, int, Duration)
     */
    public PersistenceDiagrams compute(double[][] points, int maxDimension, int modulus) {
        return compute(points, maxDimension, modulus, DEFAULT_TIMEOUT);
    }

    /**
     * Persistent homology of the Vietoris–Rips filtration of a point cloud with Euclidean distances.
     *
     * @param points       at least 2 points of equal dimension (not modified)
     * @param maxDimension the highest homology dimension, in {@code [0, 5]}
     * @param modulus      the prime p of the coefficients Z/p (only 2 without {@code ripser-coeff})
     * @param timeout      how long to wait, positive
     * @return diagrams of dimensions 0 to {@code maxDimension}
     * @throws InvalidInputException if an argument is out of range
     * @throws RipserException       if Ripser fails, times out or writes no diagrams
     */
    public PersistenceDiagrams compute(double[][] points, int maxDimension, int modulus, Duration timeout) {
        double[][] p = PointClouds.copyOf("points", points, 2);
        if (maxDimension < 0 || maxDimension > MAX_DIMENSION) {
            throw new InvalidInputException("maxDimension", "0 ≤ k ≤ " + MAX_DIMENSION, String.valueOf(maxDimension));
        }
        if (!isPrime(modulus)) {
            throw new InvalidInputException("modulus", "a prime", String.valueOf(modulus));
        }
        if (modulus != 2 && !anyModulus) {
            throw new InvalidInputException("modulus", "2 with " + executable + " (no --modulus)",
                    modulus + "; " + INSTALL_HINT);
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new InvalidInputException("timeout", "a positive duration", String.valueOf(timeout));
        }
        Path dir = null;
        try {
            dir = Files.createTempDirectory("atlasgraph-ripser");
            Path input = dir.resolve("points.txt");
            Path output = dir.resolve("out.txt");
            Path error = dir.resolve("err.txt");
            writePoints(p, input);
            List<String> command = new ArrayList<>(List.of(executable.toString(), "--format", "point-cloud",
                    "--dim", String.valueOf(maxDimension)));
            if (anyModulus) {
                command.add("--modulus");
                command.add(String.valueOf(modulus));
            }
            command.add(input.toString());
            String what = String.format(Locale.ROOT, "%s on %d points (dimension ≤ %d, Z/%d)",
                    executable.getFileName(), p.length, maxDimension, modulus);
            ExternalProcess.Outcome outcome = ExternalProcess.run(command, Optional.empty(), output, error, timeout);
            if (outcome.timedOut()) {
                throw new RipserException("ripser: " + what + " did not finish within " + timeout.toSeconds()
                        + " s and was killed; subsample the points (FarthestPointSample) or raise the time-out");
            }
            if (outcome.exitCode() != 0) {
                throw new RipserException("ripser: " + what + " exited with status " + outcome.exitCode() + ": "
                        + ExternalProcess.tail(error, 3));
            }
            return parse(Files.readAllLines(output, StandardCharsets.UTF_8), maxDimension, modulus, what);
        } catch (IOException e) {
            throw new RipserException("ripser: could not run " + executable + ": " + e.getMessage(), e);
        } finally {
            if (dir != null) {
                ExternalProcess.deleteTree(dir);
            }
        }
    }

    private static void writePoints(double[][] p, Path file) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            for (double[] row : p) {
                for (int j = 0; j < row.length; j++) {
                    if (j > 0) {
                        w.write(' ');
                    }
                    w.write(Double.toString(row[j]));
                }
                w.write('\n');
            }
        }
    }

    /**
     * Reads Ripser's text output: lines outside the {@code persistence intervals in dim k:} sections are Ripser's
     * remarks and are skipped; inside a section every non-blank line must be an interval.
     *
     * @param lines        the output
     * @param maxDimension the dimension asked for; missing sections are empty diagrams
     * @param modulus      the coefficients' prime
     * @param what         the run, for messages
     * @return the diagrams
     * @throws RipserException if no section appears or a line in a section is not an interval
     */
    static PersistenceDiagrams parse(List<String> lines, int maxDimension, int modulus, String what) {
        List<List<PersistenceInterval>> byDimension = new ArrayList<>();
        for (int k = 0; k <= maxDimension; k++) {
            byDimension.add(new ArrayList<>());
        }
        int current = -1;
        boolean seen = false;
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            Matcher header = HEADER.matcher(line.strip());
            if (header.matches()) {
                current = Integer.parseInt(header.group(1));
                seen = true;
                if (current > maxDimension) {
                    throw new RipserException("ripser: " + what + " wrote dimension " + current + " at line "
                            + (n + 1) + ", expected at most " + maxDimension);
                }
                continue;
            }
            if (current < 0 || line.isBlank()) {
                continue;
            }
            Matcher m = INTERVAL.matcher(line);
            if (!m.matches()) {
                throw new RipserException("ripser: " + what + " wrote '" + line.strip() + "' at line " + (n + 1)
                        + ", expected an interval [birth,death)");
            }
            try {
                double birth = Double.parseDouble(m.group(1));
                double death = m.group(2).isEmpty() ? Double.POSITIVE_INFINITY : Double.parseDouble(m.group(2));
                byDimension.get(current).add(new PersistenceInterval(birth, death));
            } catch (IllegalArgumentException e) {
                throw new RipserException("ripser: " + what + " wrote '" + line.strip() + "' at line " + (n + 1)
                        + ", expected an interval of numbers [birth,death)", e);
            }
        }
        if (!seen) {
            throw new RipserException("ripser: " + what + " wrote no 'persistence intervals in dim' section");
        }
        List<PersistenceDiagram> diagrams = new ArrayList<>();
        for (int k = 0; k <= maxDimension; k++) {
            diagrams.add(new PersistenceDiagram(k, byDimension.get(k)));
        }
        return new PersistenceDiagrams(modulus, diagrams);
    }

    /** @return whether p is a prime */
    static boolean isPrime(int p) {
        if (p < 2) {
            return false;
        }
        for (int d = 2; (long) d * d <= p; d++) {
            if (p % d == 0) {
                return false;
            }
        }
        return true;
    }
}
