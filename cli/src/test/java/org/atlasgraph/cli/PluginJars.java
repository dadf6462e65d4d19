package org.atlasgraph.cli;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.tck.fixture.HyperbolicSpace;

/**
 * Builds provider jars the way an outside author would: compiles Java sources against the atlasgraph API (and the
 * conformance kit, whose fixtures a provider may reuse) with the system compiler ({@code javax.tools}) and packs the
 * classes with a {@code META-INF/services} file. The CLI's
 * plug-in tests load what it builds; nothing in atlas knows the classes.
 */
final class PluginJars {
    /** The source of the plug-in {@code flat-plane}, a test resource (not compiled with the tests). */
    static final String FLAT_PLANE = "/plugin/FlatPlane.java";
    /** Its provider class. */
    static final String FLAT_PLANE_PROVIDER = "org.example.flat.FlatPlane$Provider";

    private PluginJars() {
    }

    /** @return a jar holding the {@code flat-plane} provider, in {@code dir} */
    static Path flatPlane(Path dir) {
        try {
            String source = new String(PluginJars.class.getResourceAsStream(FLAT_PLANE).readAllBytes(),
                    StandardCharsets.UTF_8);
            return build(dir, "flat-plane.jar", Map.of("org.example.flat.FlatPlane", source),
                    List.of(FLAT_PLANE_PROVIDER));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Compiles sources and packs them into a jar that registers providers.
     *
     * @param dir       a scratch directory; the jar is written into it
     * @param jarName   the jar's file name
     * @param sources   fully qualified top-level class name → source text
     * @param providers the provider classes to register (binary names)
     * @return the jar
     */
    static Path build(Path dir, String jarName, Map<String, String> sources, List<String> providers) {
        try {
            Path work = Files.createTempDirectory(dir, "plugin-src");
            Path classes = Files.createDirectories(work.resolve("classes"));
            List<String> files = new ArrayList<>();
            for (Map.Entry<String, String> s : sources.entrySet()) {
                Path file = work.resolve(s.getKey().replace('.', '/') + ".java");
                Files.createDirectories(file.getParent());
                Files.writeString(file, s.getValue());
                files.add(file.toString());
            }
            List<String> args = new ArrayList<>(List.of("--release", "17", "-encoding", "UTF-8", "-d",
                    classes.toString(), "-cp", location(Manifold.class) + File.pathSeparator
                    + location(HyperbolicSpace.class)));
            args.addAll(files);
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
            int code = javac.run(null, diagnostics, diagnostics, args.toArray(String[]::new));
            if (code != 0) {
                throw new AssertionError("the plug-in did not compile: "
                        + diagnostics.toString(StandardCharsets.UTF_8));
            }
            Path jar = dir.resolve(jarName);
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
                 Stream<Path> walk = Files.walk(classes)) {
                for (Path f : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                    out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                    Files.copy(f, out);
                    out.closeEntry();
                }
                out.putNextEntry(new JarEntry("META-INF/services/" + ManifoldProvider.class.getName()));
                write(out, String.join("\n", providers) + "\n");
                out.closeEntry();
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
