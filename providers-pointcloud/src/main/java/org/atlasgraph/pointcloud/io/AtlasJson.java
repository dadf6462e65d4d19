package org.atlasgraph.pointcloud.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.io.AtomicWriter;
import org.atlasgraph.pointcloud.AtlasModel;
import org.atlasgraph.pointcloud.ChartModel;
import org.atlasgraph.pointcloud.LearningSummary;
import org.atlasgraph.pointcloud.PointCloudAtlas;

/**
 * Saves and loads learned atlases as JSON. The file holds the {@link AtlasModel}: every chart's parameters, the
 * overlaps, the off-atlas tolerance, the span and the learning summary, and a checksum of all of it. Numbers are
 * written in Java's shortest round-trip form, so {@code load(save(atlas))} is the same atlas bit for bit.
 *
 * <p>Files are written by the one atomic writer ({@link AtomicWriter}), so a failure never leaves a partial file.
 * Loading checks, in order, and rejects the file at the first failure with one line naming the file and what is
 * wrong, never returning part of an atlas:
 * <ol>
 *   <li>the format tag and version ({@value #VERSION}; versions 2 and 3 are read too, see {@link #VERSION});</li>
 *   <li>every field's presence and type, then the model's own validation (shapes, finiteness, orthonormal bases),
 *   e.g. {@code atlas.json: charts[3].origin[0]: expected a number, found "x"};</li>
 *   <li>the checksum ({@value #CHECKSUM_ALGORITHM} of the file's bytes with the checksum's own 64 digits set to zero),
 *   so that any changed byte fails, also one that leaves every number the same or only changes white space;</li>
 *   <li>the model's self-consistency ({@link PointCloudAtlas#fromModel}): every chart's fit, boundary and overlaps
 *   of sane size relative to its radius and the summary in agreement with the charts, e.g.
 *   {@code atlas.json: summary.chartCount: expected the 24 charts, found 25}.</li>
 * </ol>
 * The checksum finds accidental damage; the consistency checks find what a checksum cannot (a file written by a
 * faulty program, or edited and given a fresh checksum) and are all that protects files of versions 2 and 3, which
 * have no checksum.
 */
public final class AtlasJson {
    /** The value of the {@code "format"} field. */
    public static final String FORMAT = "atlasgraph-pointcloud-atlas";
    /**
     * The value of the {@code "version"} field this class writes. Version 4 added the {@code checksum}. Version 3
     * stores each chart's normal basis with only the directions its quadratic bends into, its boundary quadric in the
     * chart's frame, and its {@code fit}, the atlas's {@code span}, and the data report and dimension evidence of the
     * summary; it is read as it is, without a checksum to verify. Version 2 (each chart with a full normal basis and
     * its boundary quadric in R^D around its centre) is read and converted: the quadric restricted to the chart's
     * frame, which the full normal basis spans, is the same quadric, so the converted atlas has the same charts,
     * boundaries and transitions up to rounding; the summary fields version 3 added take the values of a run
     * without duplicates, outliers or linear charts, in all of R^D, as version 2's learner produced. Version 1 files
     * came from a learner with unweighted fits and another radius rule and are rejected with a request to learn the
     * atlas again.
     */
    public static final int VERSION = 4;
    /** The oldest version {@link #load} reads. */
    public static final int OLDEST_READ_VERSION = 2;
    /** The digest of the {@code "checksum"} field, also its prefix: {@code "sha256:<64 hex digits>"}. */
    public static final String CHECKSUM_ALGORITHM = "sha256";
    /** The checksum field's value while the checksum is computed: the prefix and 64 zeros. */
    private static final String UNSET_CHECKSUM = CHECKSUM_ALGORITHM + ":" + "0".repeat(64);

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private AtlasJson() {
    }

    /**
     * Writes an atlas to a file atomically, through the one atomic writer ({@link AtomicWriter}: temporary file,
     * fsync, rename, symbolic links written through, permissions kept, special files refused).
     *
     * @param atlas the atlas
     * @param file  the target; replaced if it exists; missing parent directories are created
     * @throws InvalidInputException if the target is refused or cannot be written; nothing is written then
     */
    public static void save(PointCloudAtlas atlas, Path file) {
        String json = toJson(atlas.model());
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            AtomicWriter.create().writeString(file, json);
        } catch (IOException e) {
            throw new InvalidInputException(file.toString(), "a writable file", "an I/O error",
                    String.valueOf(e.getMessage()));
        }
    }

    /**
     * Reads an atlas saved by {@link #save} (or by an earlier version, see {@link #VERSION}).
     *
     * @param file the file
     * @return the atlas, identical to the one saved
     * @throws InvalidInputException naming the file if it is missing, is not JSON, has another format or version,
     *     fails its checksum, has a field missing or invalid, or is not self-consistent
     */
    public static PointCloudAtlas load(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file.toString(), "a saved atlas (.json)", "no such file");
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InvalidInputException(file.toString(), "a readable file", "an I/O error",
                    String.valueOf(e.getMessage()));
        }
        AtlasModel model = fromJson(text, file.toString());
        try {
            return PointCloudAtlas.fromModel(model);
        } catch (InvalidInputException e) {
            throw located(file.toString(), e);
        }
    }

    /**
     * @param model an atlas model
     * @return its JSON text, with its checksum
     */
    public static String toJson(AtlasModel model) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("version", VERSION);
        root.put("checksum", UNSET_CHECKSUM);
        root.put("dimension", model.dimension());
        root.put("ambientDimension", model.ambientDimension());
        root.put("offAtlasTolerance", model.offAtlasTolerance());
        LearningSummary s = model.summary();
        ObjectNode summary = root.putObject("summary");
        summary.put("pointCount", s.pointCount());
        summary.put("dimension", s.dimension());
        summary.put("dimensionEstimated", s.dimensionEstimated());
        summary.put("radius", s.radius());
        summary.put("radiusDerived", s.radiusDerived());
        summary.put("chartCount", s.chartCount());
        summary.put("overlapCount", s.overlapCount());
        summary.put("coverage", s.coverage());
        summary.put("rmsFitResidual", s.rmsFitResidual());
        summary.put("maxFitResidual", s.maxFitResidual());
        summary.put("seed", s.seed());
        summary.put("inputCount", s.inputCount());
        summary.put("duplicateCount", s.duplicateCount());
        summary.put("outlierCount", s.outlierCount());
        summary.put("spanDimension", s.spanDimension());
        summary.put("linearChartCount", s.linearChartCount());
        ArrayNode evidence = summary.putArray("dimensionEvidence");
        s.dimensionEvidence().forEach(evidence::add);
        ArrayNode overlaps = root.putArray("overlaps");
        for (AtlasModel.Overlap o : model.overlaps()) {
            overlaps.addArray().add(o.first()).add(o.second());
        }
        ArrayNode charts = root.putArray("charts");
        for (ChartModel c : model.charts()) {
            ObjectNode n = charts.addObject();
            numbers(n, "centre", c.centre());
            numbers(n, "origin", c.origin());
            numbers(n, "tangentBasis", c.tangentBasis());
            numbers(n, "normalBasis", c.normalBasis());
            numbers(n, "curvature", c.curvature());
            n.put("radius", c.radius());
            n.put("coordinateRadius", c.coordinateRadius());
            n.put("trustRadius", c.trustRadius());
            n.put("supportRadius", c.supportRadius());
            numbers(n, "boundaryMatrix", c.boundaryMatrix());
            numbers(n, "boundaryLinear", c.boundaryLinear());
            n.put("boundaryConstant", c.boundaryConstant());
            n.put("fitResidual", c.fitResidual());
            n.put("pointCount", c.pointCount());
            n.put("fit", c.fit());
        }
        AtlasModel.Span span = model.span();
        if (span.isWhole()) {
            root.putNull("span");
        } else {
            ObjectNode sp = root.putObject("span");
            numbers(sp, "origin", span.origin());
            numbers(sp, "basis", span.basis());
            sp.put("tolerance", span.tolerance());
        }
        String text;
        try {
            text = MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize an atlas model", e);
        }
        return text.replace(UNSET_CHECKSUM, checksum(text));
    }

    /**
     * @param text a document whose checksum field holds {@link #UNSET_CHECKSUM}
     * @return {@code "sha256:"} and the hex digest of its UTF-8 bytes
     */
    private static String checksum(String text) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return CHECKSUM_ALGORITHM + ":" + HexFormat.of().formatHex(digest.digest(text.getBytes(
                    StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    /**
     * Parses an atlas model.
     *
     * @param json   the text
     * @param source the name of the text's origin for messages, e.g. the file name
     * @return the model
     * @throws InvalidInputException naming {@code source} and the JSON path of the first invalid field
     */
    public static AtlasModel fromJson(String json, String source) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new InvalidInputException(source, "a JSON atlas saved by 'atlas learn'", "invalid JSON",
                    withoutInternals(e.getOriginalMessage()));
        }
        if (root == null || !root.isObject()) {
            throw new InvalidInputException(source, "a JSON object", "no object");
        }
        Reader r = new Reader(source);
        String format = r.text(root, "format");
        if (!FORMAT.equals(format)) {
            throw new InvalidInputException(source + ": format", "'" + FORMAT + "'", "'" + format + "'");
        }
        int version = r.integer(root, "version");
        if (version < OLDEST_READ_VERSION || version > VERSION) {
            throw new InvalidInputException(source + ": version", OLDEST_READ_VERSION + " to " + VERSION,
                    String.valueOf(version), version < OLDEST_READ_VERSION
                    ? "learn the atlas again with this version of 'atlas learn'"
                    : "a newer 'atlas' wrote it; read it with that version");
        }
        boolean v2 = version == 2;
        JsonNode s = r.object(root, "summary");
        int pointCount = r.integer(s, "pointCount");
        LearningSummary summary = new LearningSummary(pointCount, r.integer(s, "dimension"),
                r.bool(s, "dimensionEstimated"), r.number(s, "radius"), r.bool(s, "radiusDerived"),
                r.integer(s, "chartCount"), r.integer(s, "overlapCount"), r.number(s, "coverage"),
                r.number(s, "rmsFitResidual"), r.number(s, "maxFitResidual"), r.longValue(s, "seed"),
                v2 ? pointCount : r.integer(s, "inputCount"), v2 ? 0 : r.integer(s, "duplicateCount"),
                v2 ? 0 : r.integer(s, "outlierCount"),
                v2 ? r.integer(root, "ambientDimension") : r.integer(s, "spanDimension"),
                v2 ? 0 : r.integer(s, "linearChartCount"),
                v2 ? List.of() : boxed(r.numbers(s, "summary", "dimensionEvidence")));
        AtlasModel.Span span = AtlasModel.Span.whole();
        JsonNode sp = v2 ? NullNode.getInstance() : root.get("span");
        if (sp == null) {
            throw new InvalidInputException(source + ": span", "an object, or null for all of R^D", "nothing");
        }
        if (!sp.isNull()) {
            if (!sp.isObject()) {
                throw new InvalidInputException(source + ": span", "an object, or null for all of R^D",
                        sp.getNodeType().toString().toLowerCase(Locale.ROOT));
            }
            try {
                span = new AtlasModel.Span(r.numbers(sp, "span", "origin"), r.numbers(sp, "span", "basis"),
                        r.number(sp, "span", "tolerance"));
            } catch (InvalidInputException e) {
                if (e.input().startsWith(source)) {
                    throw e;
                }
                throw new InvalidInputException(source + ": " + e.input(), e.expected(), e.found());
            }
        }
        List<AtlasModel.Overlap> overlaps = new ArrayList<>();
        JsonNode ov = r.array(root, "overlaps");
        for (int i = 0; i < ov.size(); i++) {
            JsonNode pair = ov.get(i);
            if (!pair.isArray() || pair.size() != 2 || !pair.get(0).isInt() || !pair.get(1).isInt()) {
                throw new InvalidInputException(source + ": overlaps[" + i + "]", "a pair of chart indices",
                        pair.toString());
            }
            overlaps.add(new AtlasModel.Overlap(pair.get(0).intValue(), pair.get(1).intValue()));
        }
        List<ChartModel> charts = new ArrayList<>();
        JsonNode cs = r.array(root, "charts");
        for (int i = 0; i < cs.size(); i++) {
            String at = "charts[" + i + "]";
            JsonNode c = cs.get(i);
            if (!c.isObject()) {
                throw new InvalidInputException(source + ": " + at, "an object", c.getNodeType().toString());
            }
            try {
                double[] centre = r.numbers(c, at, "centre");
                double[] origin = r.numbers(c, at, "origin");
                double[] tangent = r.numbers(c, at, "tangentBasis");
                double[] normal = r.numbers(c, at, "normalBasis");
                double radius = r.number(c, at, "radius");
                double[] matrix = r.numbers(c, at, "boundaryMatrix");
                double[] linear = r.numbers(c, at, "boundaryLinear");
                double constant = r.number(c, at, "boundaryConstant");
                if (v2) {
                    Quadric frame = Quadric.toFrame(at, centre, origin, tangent, normal, radius, matrix, linear,
                            constant);
                    matrix = frame.matrix();
                    linear = frame.linear();
                    constant = frame.constant();
                }
                charts.add(new ChartModel(centre, origin, tangent, normal, r.numbers(c, at, "curvature"), radius,
                        r.number(c, at, "coordinateRadius"), r.number(c, at, "trustRadius"),
                        r.number(c, at, "supportRadius"), matrix, linear, constant, r.number(c, at, "fitResidual"),
                        r.integer(c, at, "pointCount"), v2 ? ChartModel.QUADRATIC : r.text(c, at, "fit")));
            } catch (InvalidInputException e) {
                if (e.input().startsWith(source)) {
                    throw e;
                }
                throw new InvalidInputException(source + ": " + at + "." + e.input(), e.expected(), e.found());
            }
        }
        try {
            AtlasModel model = new AtlasModel(charts, overlaps, r.number(root, "offAtlasTolerance"), span, summary);
            if (r.integer(root, "dimension") != model.dimension()
                    || r.integer(root, "ambientDimension") != model.ambientDimension()) {
                throw new InvalidInputException("dimension, ambientDimension", "d = " + model.dimension() + ", D = "
                        + model.ambientDimension() + " as in the charts", "d = " + root.get("dimension") + ", D = "
                        + root.get("ambientDimension"));
            }
            if (version >= 4) {
                verifyChecksum(json, root, r, source);
            }
            return model;
        } catch (InvalidInputException e) {
            if (e.input().startsWith(source)) {
                throw e;
            }
            throw new InvalidInputException(source + ": " + e.input(), e.expected(), e.found());
        }
    }

    /**
     * Jackson's message without the name of the library setting behind a limit: "Document nesting depth (1001) exceeds
     * the maximum allowed (1000, from `StreamReadConstraints.getMaxNestingDepth()`)" reads "… allowed (1000)".
     */
    static String withoutInternals(String message) {
        return String.valueOf(message).replaceAll(", from `[^`]*`", "");
    }

    /**
     * Compares the {@code checksum} field with the checksum of the text with that field's digits set to zero.
     *
     * @throws InvalidInputException naming the source, and the two checksums when they differ
     */
    private static void verifyChecksum(String json, JsonNode root, Reader r, String source) {
        String stored = r.text(root, "checksum");
        int at = json.indexOf('"' + stored + '"');
        if (!stored.matches(CHECKSUM_ALGORITHM + ":[0-9a-f]{64}") || at < 0) {
            throw new InvalidInputException(source + ": checksum", "'" + CHECKSUM_ALGORITHM + ":' and 64 hex digits",
                    "'" + shortened(stored) + "'");
        }
        String actual = checksum(json.substring(0, at + 1) + UNSET_CHECKSUM + json.substring(at + 1
                + stored.length()));
        if (!actual.equals(stored)) {
            throw new InvalidInputException(source + ": checksum", "the checksum saved with the atlas, "
                    + shortened(stored), "one of " + shortened(actual) + " for the content",
                    "the file was changed after it was saved; learn the atlas again or restore the file");
        }
    }

    private static String shortened(String checksum) {
        return checksum.length() > 23 ? checksum.substring(0, 23) + "…" : checksum;
    }

    /** @return the exception with its input prefixed by the source, unless it already names it */
    private static InvalidInputException located(String source, InvalidInputException e) {
        return e.input().startsWith(source) ? e : new InvalidInputException(source + ": " + e.input(), e.expected(),
                e.found());
    }

    /**
     * A boundary quadric {@code zᵀAz + gᵀz + a₀}.
     *
     * @param matrix   A, row-major
     * @param linear   g
     * @param constant a₀
     */
    private record Quadric(double[] matrix, double[] linear, double constant) {
        /**
         * Version 2's quadric in {@code y = (x − centre)/r} expressed in the chart's frame {@code z = Fᵀ(x − c)/r},
         * F = (L | M): version 2 kept all D − d normal directions, so F is orthogonal, {@code y = δ + Fz} with
         * {@code δ = (c − centre)/r}, and the quadric is {@code A' = FᵀAF}, {@code g' = Fᵀ(2Aδ + g)},
         * {@code a₀' = δᵀAδ + gᵀδ + a₀} (A' symmetrized against rounding).
         *
         * @throws InvalidInputException naming the chart's field when the shapes are not those of version 2
         */
        static Quadric toFrame(String at, double[] centre, double[] origin, double[] l, double[] m, double r,
                               double[] a, double[] g, double a0) {
            int ambient = centre.length;
            int d = ambient == 0 ? 0 : l.length / ambient;
            if (ambient < 2 || d < 1 || l.length != ambient * d || m.length != ambient * (ambient - d)
                    || origin.length != ambient) {
                throw new InvalidInputException(at + ".normalBasis", "a version 2 chart: L D×d and M D×(D−d) with "
                        + "D = " + ambient, "L of " + l.length + " and M of " + m.length + " numbers");
            }
            if (a.length != ambient * ambient || g.length != ambient) {
                throw new InvalidInputException(at + ".boundaryMatrix", "a version 2 quadric of R^D: D·D = "
                        + ambient * ambient + " and D numbers", a.length + " and " + g.length);
            }
            double[][] f = new double[ambient][ambient];
            for (int i = 0; i < ambient; i++) {
                for (int k = 0; k < ambient; k++) {
                    f[i][k] = k < d ? l[i * d + k] : m[i * (ambient - d) + k - d];
                }
            }
            double[] af = new double[ambient * ambient];
            for (int i = 0; i < ambient; i++) {
                for (int k = 0; k < ambient; k++) {
                    double sum = 0;
                    for (int j = 0; j < ambient; j++) {
                        sum += a[i * ambient + j] * f[j][k];
                    }
                    af[i * ambient + k] = sum;
                }
            }
            double[] frame = new double[ambient * ambient];
            for (int p = 0; p < ambient; p++) {
                for (int k = 0; k < ambient; k++) {
                    double sum = 0;
                    for (int i = 0; i < ambient; i++) {
                        sum += f[i][p] * af[i * ambient + k];
                    }
                    frame[p * ambient + k] = sum;
                }
            }
            for (int p = 0; p < ambient; p++) {
                for (int k = p + 1; k < ambient; k++) {
                    double mean = 0.5 * (frame[p * ambient + k] + frame[k * ambient + p]);
                    frame[p * ambient + k] = mean;
                    frame[k * ambient + p] = mean;
                }
            }
            double[] delta = new double[ambient];
            for (int i = 0; i < ambient; i++) {
                delta[i] = (origin[i] - centre[i]) / r;
            }
            double[] w = new double[ambient];
            double constant = a0;
            for (int i = 0; i < ambient; i++) {
                double ad = 0;
                for (int j = 0; j < ambient; j++) {
                    ad += a[i * ambient + j] * delta[j];
                }
                w[i] = 2 * ad + g[i];
                constant += delta[i] * ad + g[i] * delta[i];
            }
            double[] linear = new double[ambient];
            for (int p = 0; p < ambient; p++) {
                double sum = 0;
                for (int i = 0; i < ambient; i++) {
                    sum += f[i][p] * w[i];
                }
                linear[p] = sum;
            }
            return new Quadric(frame, linear, constant);
        }
    }

    private static List<Double> boxed(double[] values) {
        List<Double> out = new ArrayList<>();
        for (double v : values) {
            out.add(v);
        }
        return out;
    }

    private static void numbers(ObjectNode node, String name, double[] values) {
        ArrayNode a = node.putArray(name);
        for (double v : values) {
            a.add(v);
        }
    }

    /** Typed field access that reports the file and the JSON path of a missing or mistyped field. */
    private static final class Reader {
        private final String source;

        Reader(String source) {
            this.source = source;
        }

        private JsonNode field(JsonNode node, String at, String name, String expected) {
            JsonNode v = node.get(name);
            if (v == null || v.isNull()) {
                throw new InvalidInputException(source + ": " + path(at, name), expected, "nothing");
            }
            return v;
        }

        private static String path(String at, String name) {
            return at.isEmpty() ? name : at + "." + name;
        }

        /** @return the field, which must be present and pass {@code ok} */
        private JsonNode typed(JsonNode node, String at, String name, String expected,
                               java.util.function.Predicate<JsonNode> ok) {
            JsonNode v = field(node, at, name, expected);
            if (!ok.test(v)) {
                throw mistyped(at, name, expected, v);
            }
            return v;
        }

        String text(JsonNode node, String name) {
            return text(node, "", name);
        }

        String text(JsonNode node, String at, String name) {
            return typed(node, at, name, "a string", JsonNode::isTextual).textValue();
        }

        JsonNode object(JsonNode node, String name) {
            return typed(node, "", name, "an object", JsonNode::isObject);
        }

        JsonNode array(JsonNode node, String name) {
            return typed(node, "", name, "an array", JsonNode::isArray);
        }

        int integer(JsonNode node, String name) {
            return integer(node, "", name);
        }

        int integer(JsonNode node, String at, String name) {
            return typed(node, at, name, "an integer", JsonNode::isInt).intValue();
        }

        long longValue(JsonNode node, String name) {
            return typed(node, "", name, "an integer", v -> v.isIntegralNumber() && v.canConvertToLong()).longValue();
        }

        boolean bool(JsonNode node, String name) {
            return typed(node, "", name, "true or false", JsonNode::isBoolean).booleanValue();
        }

        double number(JsonNode node, String name) {
            return number(node, "", name);
        }

        double number(JsonNode node, String at, String name) {
            return typed(node, at, name, "a number", JsonNode::isNumber).doubleValue();
        }

        double[] numbers(JsonNode node, String at, String name) {
            JsonNode v = typed(node, at, name, "an array of numbers", JsonNode::isArray);
            double[] out = new double[v.size()];
            for (int i = 0; i < out.length; i++) {
                JsonNode e = v.get(i);
                if (!e.isNumber()) {
                    throw mistyped(at, name + "[" + i + "]", "a number", e);
                }
                out[i] = e.doubleValue();
            }
            return out;
        }

        private InvalidInputException mistyped(String at, String name, String expected, JsonNode found) {
            String shown = found.isValueNode() ? found.toString()
                    : found.getNodeType().toString().toLowerCase(Locale.ROOT);
            if (shown.length() > 40) {
                shown = shown.substring(0, 40) + "…";
            }
            return new InvalidInputException(source + ": " + path(at, name), expected, shown);
        }
    }
}
