package org.atlasgraph.io;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.atlasgraph.api.check.InvalidInputException;

/** Starts a test's main class in a separate JVM with this module, its tests and {@code api} on the class path. */
final class ChildJvm {
    private ChildJvm() {
    }

    static Process start(Class<?> main, List<String> jvmOptions, String... args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath = String.join(File.pathSeparator, location(main), location(AtomicWriter.class),
                location(InvalidInputException.class));
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classPath, main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).start();
    }

    private static String location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
