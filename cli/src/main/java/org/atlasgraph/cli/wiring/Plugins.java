package org.atlasgraph.cli.wiring;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.spi.ManifoldProvider;

/**
 * The jars and directories from which {@code atlas} loads providers that are not part of it (issue 9: out-of-tree
 * providers), in the order they are searched:
 * <ol>
 *   <li>the global option {@value #OPTION} {@code PATHS}, repeatable, before or after the subcommand;</li>
 *   <li>the environment variable {@value #VARIABLE};</li>
 *   <li>every {@code *.jar} in the plug-in directory {@code ~/.atlas/plugins} ({@link #DIRECTORY} under the user's
 *       home), in name order.</li>
 * </ol>
 * PATHS is a list of jars or class directories separated by the platform's path separator ({@code :} on Unix,
 * {@code ;} on Windows), as for {@code java --class-path}. They are read from the raw arguments before the injector is
 * built, because the providers they hold must be known when picocli and Guice create the commands.
 *
 * <p>A provider jar is found by {@link java.util.ServiceLoader} through its
 * {@code META-INF/services/org.atlasgraph.api.spi.ManifoldProvider}, like the built-in ones; its dependencies may be
 * further entries. A missing path, or a file that is not a jar, is rejected at once, naming where it was given.
 */
public final class Plugins {
    /** The global option that adds plug-in paths. */
    public static final String OPTION = "--class-path";
    /** The environment variable that adds plug-in paths. */
    public static final String VARIABLE = "ATLAS_PLUGINS";
    /** The plug-in directory, relative to the user's home: every jar in it is loaded. */
    public static final Path DIRECTORY = Path.of(".atlas", "plugins");

    private static final String SERVICES = "META-INF/services/" + ManifoldProvider.class.getName();
    private static final Pattern SEPARATOR = Pattern.compile(Pattern.quote(File.pathSeparator));

    /**
     * One plug-in path and where it was named.
     *
     * @param path   a jar or a class directory that exists
     * @param origin where it came from, for messages: {@code "--class-path"}, {@code "ATLAS_PLUGINS"} or
     *               {@code "plug-in directory <dir>"}
     */
    public record Entry(Path path, String origin) {
        /** Validates that the parts are present. */
        public Entry {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(origin, "origin");
        }

        @Override
        public String toString() {
            return origin + " '" + path + "'";
        }
    }

    private final List<Entry> entries;

    private Plugins(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /**
     * Collects the plug-in paths of one run of {@code atlas}.
     *
     * @param args        the raw command line, scanned for {@value #OPTION} up to a {@code --} that ends the options
     * @param environment the process environment, read for {@value #VARIABLE}
     * @param home        the user's home directory, whose {@link #DIRECTORY} is listed if it exists
     * @return the paths, in search order
     * @throws InvalidInputException naming the option, the variable or the directory, and the path, if a path does
     *     not exist or a file is not a jar
     */
    public static Plugins find(String[] args, Map<String, String> environment, Path home) {
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < args.length && !args[i].equals("--"); i++) {
            if (args[i].equals(OPTION) && i + 1 < args.length) {
                addAll(entries, args[++i], OPTION);
            } else if (args[i].startsWith(OPTION + "=")) {
                addAll(entries, args[i].substring(OPTION.length() + 1), OPTION);
            }
        }
        String variable = environment.get(VARIABLE);
        if (variable != null) {
            addAll(entries, variable, VARIABLE);
        }
        Path directory = home.resolve(DIRECTORY);
        if (Files.isDirectory(directory)) {
            String origin = "plug-in directory " + directory;
            try (DirectoryStream<Path> jars = Files.newDirectoryStream(directory, "*.jar")) {
                List<Path> sorted = new ArrayList<>();
                jars.forEach(sorted::add);
                sorted.sort(null);
                for (Path jar : sorted) {
                    entries.add(requireUsable(jar, origin));
                }
            } catch (IOException e) {
                throw new InvalidInputException(origin, "a readable directory", "'" + directory + "'",
                        String.valueOf(e.getMessage()));
            }
        }
        return new Plugins(entries);
    }

    /** @return no plug-ins: the providers on the class path of {@code atlas} only */
    public static Plugins none() {
        return new Plugins(List.of());
    }

    private static void addAll(List<Entry> entries, String paths, String origin) {
        for (String p : SEPARATOR.split(paths)) {
            if (!p.isBlank()) {
                entries.add(requireUsable(Path.of(p), origin));
            }
        }
    }

    private static Entry requireUsable(Path path, String origin) {
        Entry entry = new Entry(path, origin);
        if (Files.isDirectory(path)) {
            return entry;
        }
        if (!Files.exists(path)) {
            throw new InvalidInputException(origin, "an existing jar or class directory", "'" + path + "'",
                    "no such file");
        }
        try {
            new JarFile(path.toFile()).close();
            return entry;
        } catch (IOException e) {
            throw new InvalidInputException(origin, "an existing jar or class directory", "'" + path + "'",
                    "not a readable jar: " + e.getMessage());
        }
    }

    /** @return the paths, in search order */
    public List<Entry> entries() {
        return entries;
    }

    /**
     * A class loader that sees the plug-ins after everything its parent sees (so a plug-in cannot replace a class of
     * {@code atlas} or of the SPI).
     *
     * @param parent the loader of {@code atlas}
     * @return {@code parent} itself when there are no plug-ins, else a new loader over the plug-in paths
     */
    public ClassLoader loader(ClassLoader parent) {
        if (entries.isEmpty()) {
            return parent;
        }
        URL[] urls = new URL[entries.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = entries.get(i).path().toUri().toURL();
            } catch (MalformedURLException e) {
                throw new InvalidInputException(entries.get(i).origin(), "a path that is a URL",
                        "'" + entries.get(i).path() + "'", String.valueOf(e.getMessage()));
            }
        }
        return new URLClassLoader("atlas-plugins", urls, parent);
    }

    /**
     * The plug-in path to blame for a failure to load providers: the first whose service file names a class that the
     * failure's message names (the class that could not be loaded or instantiated, or one of two providers with the
     * same name).
     *
     * @param failure what {@code Providers.discover} threw
     * @return the entry, or empty when no plug-in registers a class the message names (a broken installation)
     */
    public Optional<Entry> blame(Throwable failure) {
        String message = String.valueOf(failure.getMessage());
        for (Entry e : entries) {
            for (String className : registeredProviders(e)) {
                if (Pattern.compile("(^|[^\\w.$])" + Pattern.quote(className) + "($|[^\\w.$])").matcher(message)
                        .find()) {
                    return Optional.of(e);
                }
            }
        }
        return Optional.empty();
    }

    /** @return the provider classes a plug-in path registers, empty if it has no service file */
    private static List<String> registeredProviders(Entry entry) {
        Path path = entry.path();
        try {
            if (Files.isDirectory(path)) {
                Path file = path.resolve(SERVICES);
                if (!Files.isRegularFile(file)) {
                    return List.of();
                }
                try (InputStream in = Files.newInputStream(file)) {
                    return classNames(in);
                }
            }
            try (JarFile jar = new JarFile(path.toFile())) {
                ZipEntry services = jar.getEntry(SERVICES);
                if (services == null) {
                    return List.of();
                }
                try (InputStream in = jar.getInputStream(services)) {
                    return classNames(in);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading the service file of " + entry, e);
        }
    }

    private static List<String> classNames(InputStream in) throws IOException {
        List<String> names = new ArrayList<>();
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            int comment = line.indexOf('#');
            String name = (comment >= 0 ? line.substring(0, comment) : line).strip();
            if (!name.isEmpty()) {
                names.add(name);
            }
        }
        return names;
    }

    @Override
    public String toString() {
        return entries.toString();
    }
}
