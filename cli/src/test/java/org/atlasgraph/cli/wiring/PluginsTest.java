package org.atlasgraph.cli.wiring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PluginsTest {
    @TempDir
    Path dir;

    private Path jar(String name, String... providers) throws IOException {
        Path jar = dir.resolve(name);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new ZipEntry("META-INF/services/" + ManifoldProvider.class.getName()));
            out.write(("# providers\n" + String.join("\n", providers) + "\n").getBytes());
            out.closeEntry();
        }
        return jar;
    }

    @Test
    void searchOrderIsOptionThenVariableThenThePluginDirectoryByName() throws IOException {
        Path a = jar("a.jar");
        Path b = jar("b.jar");
        Path c = jar("c.jar");
        Path plugins = Files.createDirectories(dir.resolve("home").resolve(Plugins.DIRECTORY));
        Files.copy(jar("z.jar"), plugins.resolve("z.jar"));
        Files.copy(jar("y.jar"), plugins.resolve("y.jar"));
        Files.writeString(plugins.resolve("notes.txt"), "ignored");

        Plugins found = Plugins.find(new String[] {"tck", "--class-path", a + File.pathSeparator + b,
            "--class-path=" + dir, "--", "--class-path", "ignored-after-double-dash"},
                Map.of(Plugins.VARIABLE, c.toString()), dir.resolve("home"));

        assertThat(found.entries()).as("entries in search order").extracting(Plugins.Entry::path)
                .containsExactly(a, b, dir, c, plugins.resolve("y.jar"), plugins.resolve("z.jar"));
        assertThat(found.entries()).as("origins").extracting(Plugins.Entry::origin)
                .containsExactly("--class-path", "--class-path", "--class-path", Plugins.VARIABLE,
                        "plug-in directory " + plugins, "plug-in directory " + plugins);
    }

    @Test
    void noPluginsLeaveTheParentLoaderAlone() {
        Plugins none = Plugins.find(new String[] {"providers"}, Map.of(), dir);

        assertThat(none.entries()).as("entries").isEmpty();
        assertThat(none.loader(getClass().getClassLoader())).as("loader").isSameAs(getClass().getClassLoader());
    }

    @Test
    void aMissingPathIsNamedWithWhereItWasGiven() {
        Path missing = dir.resolve("missing.jar");

        assertThatThrownBy(() -> Plugins.find(new String[] {"--class-path", missing.toString()}, Map.of(), dir))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--class-path: expected an existing jar or class directory, found '" + missing
                        + "' (no such file)");
    }

    @Test
    void theJarThatRegistersAClassANamedFailureMentionsIsBlamed() throws IOException {
        Path innocent = jar("innocent.jar", "org.example.Fine");
        Path guilty = jar("guilty.jar", "org.example.Broken");
        Plugins plugins = Plugins.find(new String[] {"--class-path", innocent + File.pathSeparator + guilty},
                Map.of(), dir);

        assertThat(plugins.blame(new IllegalStateException("Provider org.example.Broken could not be instantiated")))
                .as("blamed entry").map(Plugins.Entry::path).contains(guilty);
        assertThat(plugins.blame(new IllegalStateException("Provider org.example.BrokenToo not found")))
                .as("a class no plug-in registers").isEmpty();
    }
}
