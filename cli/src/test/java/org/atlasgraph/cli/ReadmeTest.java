package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import com.google.inject.Injector;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.atlasgraph.cli.wiring.AtlasModule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Keeps README.md true: its CLI reference is the real help of {@code atlas} and of each command, its Java examples
 * compile and run against the modules they name, the version in its Maven coordinates is the project's, and
 * {@code .ci/run} runs exactly its test command.
 *
 * <p>When a command's options change, rewrite the reference with
 * {@code mvn -B -o -pl cli -am test -Dtest=ReadmeTest -Dsurefire.failIfNoSpecifiedTests=false -Dreadme.update=true}
 * (the other checks are not rewritten).
 */
class ReadmeTest {
    /** The width of the help in the README: picocli's width when standard output is not a terminal. */
    static final int WIDTH = 80;
    static final String BEGIN = "<!-- cli-reference:begin (generated from the real help; see cli/.../ReadmeTest) -->";
    static final String END = "<!-- cli-reference:end -->";
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path README = ROOT.resolve("README.md");
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern CLASS_NAME = Pattern.compile("public class (\\w+)");
    private static final Injector APPLICATION = Guice.createInjector(new AtlasModule());

    @TempDir
    Path dir;

    /** The help of atlas and of every command, in the order atlas lists them, as the README shows it. */
    static String reference() {
        CommandLine top = Atlas.commandLine(APPLICATION);
        StringBuilder b = new StringBuilder("```text\n");
        b.append("$ atlas --help\n").append(help());
        for (String name : top.getSubcommands().keySet()) {
            if (!name.equals("help")) {
                b.append("\n$ atlas ").append(name).append(" --help\n").append(help(name));
            }
        }
        return b.append("```\n").toString();
    }

    private static String help(String... command) {
        CommandLine cmd = Atlas.commandLine(APPLICATION);
        cmd.setUsageHelpAutoWidth(false);
        cmd.setUsageHelpWidth(WIDTH);
        StringWriter out = new StringWriter();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(new StringWriter(), true));
        List<String> args = new ArrayList<>(List.of(command));
        args.add("--help");
        int code = cmd.execute(args.toArray(String[]::new));
        assertThat(code).as("exit code of atlas %s", args).isZero();
        return out.toString().replace("\r\n", "\n");
    }

    private static String readme() throws IOException {
        return Files.readString(README, StandardCharsets.UTF_8);
    }

    @Test
    void theCliReferenceIsTheRealHelp() throws IOException {
        String readme = readme();
        int begin = readme.indexOf(BEGIN);
        int end = readme.indexOf(END);
        assertThat(begin).as("README marker %s", BEGIN).isNotNegative();
        assertThat(end).as("README marker %s after the begin marker", END).isGreaterThan(begin);
        String expected = reference();
        String actual = readme.substring(begin + BEGIN.length() + 1, end);
        if (!actual.equals(expected) && Boolean.getBoolean("readme.update")) {
            Files.writeString(README, readme.substring(0, begin + BEGIN.length() + 1) + expected
                    + readme.substring(end), StandardCharsets.UTF_8);
            return;
        }
        assertThat(actual).as("README's CLI reference against the real help; rewrite it with -Dreadme.update=true "
                + "(see this test's Javadoc)").isEqualTo(expected);
    }

    @Test
    void theCiScriptRunsTheReadmesTestCommand() throws IOException {
        Matcher first = Pattern.compile("```sh\\n(.*?)```", Pattern.DOTALL).matcher(readme());
        assertThat(first.find()).as("the README opens with a sh block").isTrue();
        List<String> commands = first.group(1).lines().toList();
        assertThat(commands).as("the README's first two commands").hasSize(2);
        assertThat(commands.get(0)).as("the main job").isEqualTo("./atlas report --quick");
        List<String> ci = Files.readAllLines(ROOT.resolve(".ci").resolve("run"), StandardCharsets.UTF_8);
        String last = ci.stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("");
        assertThat(last).as("the last command of .ci/run").isEqualTo(commands.get(1));
    }

    @Test
    void theMavenCoordinatesHaveTheProjectsVersion() throws IOException {
        Properties version = new Properties();
        try (var in = AtlasVersion.class.getResourceAsStream("version.properties")) {
            version.load(in);
        }
        String v = version.getProperty("version");
        Matcher m = Pattern.compile("<artifactId>atlasgraph-[a-z-]+</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(readme());
        int found = 0;
        while (m.find()) {
            assertThat(m.group(1)).as("the version of an atlasgraph artifact in the README").isEqualTo(v);
            found++;
        }
        assertThat(found).as("versions in the README's Maven coordinates").isPositive();
    }

    @Test
    void theJavaExamplesCompileAndRun() throws Exception {
        Matcher m = JAVA_BLOCK.matcher(readme());
        List<Path> sources = new ArrayList<>();
        List<String> classes = new ArrayList<>();
        while (m.find()) {
            Matcher name = CLASS_NAME.matcher(m.group(1));
            if (!name.find()) {
                continue;
            }
            Path source = dir.resolve(name.group(1) + ".java");
            Files.writeString(source, m.group(1), StandardCharsets.UTF_8);
            sources.add(source);
            classes.add(name.group(1));
        }
        assertThat(classes).as("runnable examples in the README").contains("OnlineMeanExample",
                "LearnAtlasExample");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(List.of("-classpath", System.getProperty("java.class.path"), "-d",
                dir.toString(), "-proc:none"));
        sources.forEach(s -> args.add(s.toString()));
        int code = javac.run(null, null, diagnostics, args.toArray(String[]::new));
        assertThat(code).as("javac on the README's examples: %s", diagnostics.toString(StandardCharsets.UTF_8))
                .isZero();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                ReadmeTest.class.getClassLoader())) {
            for (String c : classes) {
                Method main = loader.loadClass(c).getMethod("main", String[].class);
                PrintStream saved = System.out;
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                try {
                    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
                    main.invoke(null, (Object) new String[0]);
                } finally {
                    System.setOut(saved);
                }
                assertThat(out.toString(StandardCharsets.UTF_8)).as("output of %s", c).isNotBlank();
            }
        }
    }
}
