package org.atlasgraph.pointcloud.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.io.AtomicWriter;
import org.atlasgraph.pointcloud.AtlasModel;
import org.atlasgraph.pointcloud.ChartModel;
import org.atlasgraph.pointcloud.LearningSummary;
import org.atlasgraph.pointcloud.PointCloudAtlas;

/**
 * Saves and loads learned atlases as JSON. The file holds the {@link AtlasModel}: every chart's parameters, the
 * overlaps, the off-atlas tolerance and the learning summary. Numbers are written in Java's shortest round-trip form,
 * so {@code load(save(atlas))} is the same atlas bit for bit.
 *
 * <p>Files are written by the one atomic writer ({@link AtomicWriter}), so a failure never leaves a partial file.
 * Loading checks the format tag, every field's presence and type, and then the model's own validation (shapes,
 * finiteness, orthonormal bases); a corrupted file is rejected with the file name and the JSON path of the
 * first bad field, e.g. {@code atlas.json: charts[3].origin: expected an array of 9 numbers, found a string}.
 */
public final class AtlasJson {
    /** The value of the {@code "format"} field. */
    public static final String FORMAT = "atlasgraph-pointcloud-atlas";
    /**
     * The value of the {@code "version"} field this class writes and reads. Version 3 stores each chart's normal basis
     * with only the directions its quadratic bends into, its boundary quadric in the chart's frame, and its
     * {@code fit}, the atlas's {@code span}, and the data report and dimension evidence of the summary; version 2
     * added each chart's {@code supportRadius}. Older files came from an older learner and are rejected with a
     * request to learn the atlas again.
     */
    public static final int VERSION = 3;

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
     * Reads an atlas saved by {@link #save}.
     *
     * @param file the file
     * @return the atlas, identical to the one saved
     * @throws InvalidInputException if the file is missing, is not JSON, or a field is missing or invalid
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
        return PointCloudAtlas.fromModel(fromJson(text, file.toString()));
    }

    /**
     * @param model an atlas model
     * @return its JSON text
     */
    public static String toJson(AtlasModel model) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("version", VERSION);
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
        try {
            return MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize an atlas model", e);
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
                    e.getOriginalMessage());
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
        if (version != VERSION) {
            throw new InvalidInputException(source + ": version", String.valueOf(VERSION), String.valueOf(version),
                    "learn the atlas again with this version of 'atlas learn'");
        }
        JsonNode s = r.object(root, "summary");
        LearningSummary summary = new LearningSummary(r.integer(s, "pointCount"), r.integer(s, "dimension"),
                r.bool(s, "dimensionEstimated"), r.number(s, "radius"), r.bool(s, "radiusDerived"),
                r.integer(s, "chartCount"), r.integer(s, "overlapCount"), r.number(s, "coverage"),
                r.number(s, "rmsFitResidual"), r.number(s, "maxFitResidual"), r.longValue(s, "seed"),
                r.integer(s, "inputCount"), r.integer(s, "duplicateCount"), r.integer(s, "outlierCount"),
                r.integer(s, "spanDimension"), r.integer(s, "linearChartCount"),
                boxed(r.numbers(s, "summary", "dimensionEvidence")));
        AtlasModel.Span span = AtlasModel.Span.whole();
        JsonNode sp = root.get("span");
        if (sp == null) {
            throw new InvalidInputException(source + ": span", "an object, or null for all of R^D", "nothing");
        }
        if (!sp.isNull()) {
            if (!sp.isObject()) {
                throw new InvalidInputException(source + ": span", "an object, or null for all of R^D",
                        sp.getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
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
                charts.add(new ChartModel(r.numbers(c, at, "centre"), r.numbers(c, at, "origin"),
                        r.numbers(c, at, "tangentBasis"), r.numbers(c, at, "normalBasis"),
                        r.numbers(c, at, "curvature"), r.number(c, at, "radius"),
                        r.number(c, at, "coordinateRadius"), r.number(c, at, "trustRadius"),
                        r.number(c, at, "supportRadius"),
                        r.numbers(c, at, "boundaryMatrix"),
                        r.numbers(c, at, "boundaryLinear"), r.number(c, at, "boundaryConstant"),
                        r.number(c, at, "fitResidual"), r.integer(c, at, "pointCount"), r.text(c, at, "fit")));
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
            return model;
        } catch (InvalidInputException e) {
            if (e.input().startsWith(source)) {
                throw e;
            }
            throw new InvalidInputException(source + ": " + e.input(), e.expected(), e.found());
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
                    : found.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
            if (shown.length() > 40) {
                shown = shown.substring(0, 40) + "…";
            }
            return new InvalidInputException(source + ": " + path(at, name), expected, shown);
        }
    }
}
