package org.atlasgraph.cli;

import jakarta.inject.Inject;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.api.spi.ProviderParameters;
import org.atlasgraph.api.spi.Providers;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The picocli mixin {@code --provider NAME [--param KEY=VALUE]...} that turns a provider name and its parameters into a
 * manifold through the Guice-bound {@link Providers}. Add it to a subcommand with {@code @Mixin ProviderOptions
 * provider;} and call {@link #createManifold()} in {@code call()}; the manifold is wrapped for checking when
 * {@code atlas --validate} was given.
 *
 * <p>Errors list what is available and end up as the CLI's one-line message with exit code 2:
 * {@code provider 'nope': expected one of [sphere], found 'nope'};
 * {@code parameter 'n' of provider 'sphere': expected an integer ≥ 2, found 1 (sphere takes: n integer, default 3)}.
 */
public final class ProviderOptions {
    @Option(names = "--provider", required = true, paramLabel = "NAME",
            description = "Manifold provider, e.g. sphere; 'atlas providers' lists them.")
    private String name;

    @Option(names = "--param", paramLabel = "KEY=VALUE",
            description = "A provider parameter, repeatable: --param n=10.")
    private Map<String, String> parameters = new LinkedHashMap<>();

    @Spec(Spec.Target.MIXEE)
    private CommandSpec command;

    private final Providers providers;

    /**
     * Creates the mixin; picocli calls this through the Guice factory.
     *
     * @param providers the bound providers
     */
    @Inject
    public ProviderOptions(Providers providers) {
        this.providers = Objects.requireNonNull(providers, "providers");
    }

    /**
     * The chosen provider.
     *
     * @return the provider named by {@code --provider}
     * @throws InvalidInputException listing the available providers if there is none by that name
     */
    public ManifoldProvider provider() {
        return providers.named(name);
    }

    /**
     * The parameters as given, checked against the provider's specs, defaults filled in.
     *
     * @return the checked parameters
     * @throws InvalidInputException naming the parameter, and listing the provider's parameters, for an unknown name,
     *     a missing required value or an unparsable value
     */
    public ProviderParameters parameters() {
        ManifoldProvider p = provider();
        try {
            return ProviderParameters.of(p, parameters);
        } catch (InvalidInputException e) {
            throw withAvailable(p, e);
        }
    }

    /**
     * Creates the manifold.
     *
     * @return the manifold the provider makes from the parameters, checked on every call when {@code atlas
     *     --validate} was given ({@link AtlasCommand#prepare})
     * @throws InvalidInputException for an unknown provider, or naming the parameter and listing the provider's
     *     parameters for a bad parameter, including a value the provider rejects as out of range
     */
    public Manifold createManifold() {
        ManifoldProvider p = provider();
        ProviderParameters checked = parameters();
        Manifold m;
        try {
            m = p.create(checked);
        } catch (InvalidInputException e) {
            throw withAvailable(p, e);
        }
        return command.root().userObject() instanceof AtlasCommand atlas ? atlas.prepare(m) : m;
    }

    /**
     * The parameter values in the provider's declared order (which {@link ProviderParameters#asMap()} does not keep),
     * so that summaries and JSON outputs are stable from run to run.
     *
     * @return {@code name → value} for every parameter, defaults included
     * @throws InvalidInputException as {@link #parameters()}
     */
    public Map<String, String> values() {
        Map<String, String> given = parameters().asMap();
        Map<String, String> ordered = new LinkedHashMap<>();
        for (ParameterSpec s : provider().parameters()) {
            ordered.put(s.name(), given.get(s.name()));
        }
        return Collections.unmodifiableMap(ordered);
    }

    /** @return e.g. {@code "sphere n=10"}, all values including defaults, in declared order; for summaries */
    public String describe() {
        return name + values().entrySet().stream().map(e -> " " + e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining());
    }

    /** @return the options as the user typed them, e.g. {@code "--provider sphere --param n=10"}, for messages */
    public String typed() {
        return "--provider " + name + parameters.entrySet().stream().map(e -> " --param " + e.getKey() + "="
                + e.getValue()).collect(Collectors.joining());
    }

    /** @return the provider name as typed */
    public String name() {
        return name;
    }

    /**
     * Appends the provider's parameter list to a parameter error, keeping its input, expected, found and context, so
     * the one line the user sees says both what is wrong and what would be right.
     */
    private static InvalidInputException withAvailable(ManifoldProvider p, InvalidInputException e) {
        String context = e.context().isEmpty() ? "" : e.context() + "; ";
        InvalidInputException richer = new InvalidInputException(e.input(), e.expected(), e.found(),
                context + p.name() + " takes: " + signature(p));
        richer.initCause(e);
        return richer;
    }

    private static String signature(ManifoldProvider p) {
        if (p.parameters().isEmpty()) {
            return "no parameters";
        }
        return p.parameters().stream().map(ProviderOptions::signature).collect(Collectors.joining(", "));
    }

    private static String signature(ParameterSpec s) {
        return s.name() + " " + typeName(s.type()) + s.defaultValue().map(d -> ", default " + d).orElse(", required");
    }

    /**
     * The lower-case name of a parameter type, as {@code atlas providers} shows it.
     *
     * @param type a type
     * @return e.g. {@code "integer"}
     */
    static String typeName(ParameterSpec.Type type) {
        return type.name().toLowerCase(java.util.Locale.ROOT);
    }
}
