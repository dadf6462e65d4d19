package org.atlasgraph.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The packages of the SPI are layered without cycles: each main source file imports (or names fully qualified) only
 * packages at or below its own layer. Read from the sources, so a new import that breaks the layering fails here.
 */
class ApiLayeringTest {
    private static final Path SOURCES = Path.of("src/main/java/org/atlasgraph/api");
    private static final String ROOT = "org.atlasgraph.api";
    /** What each package may use besides itself. */
    private static final Map<String, Set<String>> ALLOWED = Map.of(
            ROOT + ".check", Set.of(),
            ROOT, Set.of(ROOT + ".check"),
            ROOT + ".capability", Set.of(ROOT, ROOT + ".check"),
            ROOT + ".base", Set.of(ROOT, ROOT + ".check", ROOT + ".capability"),
            ROOT + ".validate", Set.of(ROOT, ROOT + ".check", ROOT + ".capability"),
            ROOT + ".spi", Set.of(ROOT, ROOT + ".check"));
    private static final Pattern REFERENCE = Pattern.compile("(org\\.atlasgraph\\.api(?:\\.[a-z]+)*)\\.[A-Z]");

    @Test
    void everyPackageUsesOnlyTheLayersBelowIt() throws IOException {
        List<String> violations = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> {
                String own = packageOf(f);
                assertThat(ALLOWED).as("layer of package %s", own).containsKey(own);
                Matcher m = REFERENCE.matcher(read(f));
                while (m.find()) {
                    String used = m.group(1);
                    if (!used.equals(own) && !ALLOWED.get(own).contains(used)) {
                        violations.add(SOURCES.relativize(f) + " (" + own + ") uses " + used);
                    }
                }
            });
        }
        assertThat(violations).as("references against the layering").isEmpty();
    }

    private static String packageOf(Path file) {
        Path dir = SOURCES.relativize(file.getParent());
        return dir.toString().isEmpty() ? ROOT : ROOT + "." + dir.toString().replace('/', '.');
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
