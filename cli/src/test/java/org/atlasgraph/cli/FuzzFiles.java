package org.atlasgraph.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiFunction;

/**
 * Malformed inputs for the fuzz suite ({@link FuzzTest}): seeded mutations of a valid {@code .npy} file, CSV table
 * and saved atlas. Each mutation has a name (for the case's display name) and says whether the result is certainly
 * invalid ({@code mustFail}); the others may or may not still be valid input (a flipped digit, a transposed shape), so
 * the suite accepts success for them and checks only the contract.
 */
final class FuzzFiles {
    /** A mutation of a file's bytes with a seeded source of choices. */
    record Mutation(String name, boolean mustFail, BiFunction<byte[], SplittableRandom, byte[]> apply) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private FuzzFiles() {
    }

    /**
     * A version 1.0 {@code .npy} file written by hand, so that the header can say anything.
     *
     * @param header the header dictionary, e.g. {@code {'descr': '<f8', 'fortran_order': False, 'shape': (3, 2), }}
     * @param values the data, written as little-endian doubles
     * @return the file's bytes
     */
    static byte[] npy(String header, double[] values) {
        int unpadded = 10 + header.length() + 1;
        String padded = header + " ".repeat((64 - unpadded % 64) % 64) + "\n";
        ByteBuffer b = ByteBuffer.allocate(10 + padded.length() + 8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 0x93).put("NUMPY".getBytes(StandardCharsets.US_ASCII)).put((byte) 1).put((byte) 0);
        b.putShort((short) padded.length()).put(padded.getBytes(StandardCharsets.ISO_8859_1));
        for (double v : values) {
            b.putDouble(v);
        }
        return b.array();
    }

    /** @return the dictionary of a C-ordered little-endian float64 array of this shape */
    static String header(long... shape) {
        StringBuilder s = new StringBuilder("(");
        for (long d : shape) {
            s.append(d).append(", ");
        }
        String dims = shape.length == 1 ? s.append(')').toString().replace(", )", ",)")
                : s.substring(0, s.length() - 2) + ")";
        return "{'descr': '<f8', 'fortran_order': False, 'shape': " + dims + ", }";
    }

    /** @return the mutations of a {@code .npy} file of float64 values (header and data) */
    static List<Mutation> npyMutations() {
        List<Mutation> m = new ArrayList<>();
        m.add(new Mutation("truncated anywhere", true, (b, r) -> Arrays.copyOf(b, r.nextInt(b.length))));
        m.add(new Mutation("truncated by whole doubles", true, (b, r) -> Arrays.copyOf(b, b.length - 8 * (1
                + r.nextInt(3)))));
        m.add(new Mutation("trailing bytes", true, (b, r) -> Arrays.copyOf(b, b.length + 1 + r.nextInt(15))));
        m.add(new Mutation("magic byte", true, (b, r) -> set(b, r.nextInt(6), (byte) r.nextInt(256), b[0])));
        m.add(new Mutation("major version", true, (b, r) -> set(b, 6, (byte) (new int[] {0, 4, 9, 255})[r.nextInt(4)],
                b[6])));
        m.add(new Mutation("header length", true, (b, r) -> {
            byte[] c = b.clone();
            int len = new int[] {0, 1, 65535, b.length, 7}[r.nextInt(5)];
            c[8] = (byte) len;
            c[9] = (byte) (len >>> 8);
            return c;
        }));
        for (String descr : List.of("<i8", "<i4", "|u1", "<f2", "<c16", "|O", "S8", "<U4", ">f16", "", "<f8<f8")) {
            m.add(new Mutation("descr " + descr, true, (b, r) -> replaceInHeader(b, "'<f8'", "'" + descr + "'")));
        }
        m.add(new Mutation("descr >f8 (valid, other byte order)", false,
                (b, r) -> replaceInHeader(b, "'<f8'", "'>f8'")));
        for (String shape : List.of("(-1, 3)", "()", "(3,", "(1e3, 3)", "(99999999999999999999, 3)",
                "(2147483648, 2147483648)", "(0, 3)", "(3, 0)", "('3', 2)", "(None, 2)", "[3, 2]")) {
            m.add(new Mutation("shape " + shape, true, (b, r) -> replaceShape(b, shape)));
        }
        m.add(new Mutation("shape one row more", true, (b, r) -> replaceShape(b, grow(shapeOf(b)))));
        m.add(new Mutation("shape transposed", false, (b, r) -> replaceShape(b, transposed(shapeOf(b)))));
        for (String order : List.of("'yes'", "1", "None", "Fals")) {
            m.add(new Mutation("fortran_order " + order, true,
                    (b, r) -> replaceInHeader(b, "'fortran_order': False", "'fortran_order': " + order)));
        }
        m.add(new Mutation("fortran_order True (valid, transposed)", false,
                (b, r) -> replaceInHeader(b, "'fortran_order': False", "'fortran_order': True")));
        m.add(new Mutation("dictionary unclosed", true, (b, r) -> replaceInHeader(b, "}", " ")));
        m.add(new Mutation("key missing", true, (b, r) -> replaceInHeader(b, "'descr'", "'dtype'")));
        m.add(new Mutation("NaN value", true, (b, r) -> setDouble(b, r, Double.NaN)));
        m.add(new Mutation("infinite value", true, (b, r) -> setDouble(b, r, Double.NEGATIVE_INFINITY)));
        m.add(new Mutation("flipped data byte", false, (b, r) -> {
            int start = dataStart(b);
            return set(b, start + r.nextInt(b.length - start), (byte) r.nextInt(256), (byte) 0);
        }));
        m.add(new Mutation("flipped header byte", false, (b, r) -> set(b, 10 + r.nextInt(dataStart(b) - 10),
                (byte) (32 + r.nextInt(95)), (byte) 0)));
        m.add(new Mutation("random bytes", true, (b, r) -> {
            byte[] c = new byte[r.nextInt(1, 300)];
            r.nextBytes(c);
            return c;
        }));
        m.add(new Mutation("empty", true, (b, r) -> new byte[0]));
        return m;
    }

    /**
     * Values at the ends of the double range in a {@code .npy} file of points that are not learned from (frames, a
     * mean): one value near the largest double or far out (not on the manifold: certainly fails), or every value scaled
     * by 1e-300 or 1e300 (may still be a basis of the same subspace).
     */
    static List<Mutation> extremeNpyMutations() {
        List<Mutation> m = new ArrayList<>();
        for (double v : new double[] {1e308, -1.7976931348623157e308, 1e160}) {
            m.add(new Mutation("value " + v, true, (b, r) -> setDouble(b, r, v)));
        }
        for (double scale : new double[] {1e-300, 1e300}) {
            // a Grassmann point is a subspace: a scaled basis of a mean is the same point, a scaled frame is not
            m.add(new Mutation("values scaled by " + scale, false, (b, r) -> {
                byte[] c = b.clone();
                ByteBuffer buffer = ByteBuffer.wrap(c).order(ByteOrder.LITTLE_ENDIAN);
                for (int at = dataStart(b); at + 8 <= c.length; at += 8) {
                    buffer.putDouble(at, buffer.getDouble(at) * scale);
                }
                return c;
            }));
        }
        return m;
    }

    /**
     * Values at the ends of the double range in one cell of a CSV of points that are located on an atlas (not learned
     * from): the far ones are off the atlas and certainly fail, a subnormal one may be near enough.
     */
    static List<Mutation> extremeCsvMutations() {
        List<Mutation> m = new ArrayList<>();
        for (String v : List.of("1e308", "-1.7976931348623157e308", "1e160", "-1e160")) {
            m.add(new Mutation("cell " + v, true, (b, r) -> csvCell(b, r, v)));
        }
        m.add(new Mutation("cell 4.9e-324", false, (b, r) -> csvCell(b, r, "4.9e-324")));
        return m;
    }

    /** The mutations of a CSV file: a header row, then numeric rows (and an optional last text column). */
    static List<Mutation> csvMutations() {
        List<Mutation> m = new ArrayList<>();
        for (String junk : List.of("0x1p-1", "2f", "1_000", "1d", "NaN", "Infinity", "-inf", "1e400", "--1", "",
                "1.2.3", "abc", "0b101", "\u0661\u0662", "1e", "+", ".", "\u22121", "1" + "0".repeat(400))) {
            m.add(new Mutation("cell " + (junk.length() > 12 ? junk.substring(0, 12) + "…" : junk), true,
                    (b, r) -> csvCell(b, r, junk)));
        }
        m.add(new Mutation("quoted number", false, (b, r) -> csvCell(b, r, "\"0.5\"")));
        m.add(new Mutation("row without a cell", true, (b, r) -> csvRow(b, r, row -> row.substring(0,
                Math.max(0, row.lastIndexOf(','))))));
        m.add(new Mutation("row with a cell more", true, (b, r) -> csvRow(b, r, row -> row + ",0.25")));
        m.add(new Mutation("decimal comma", true, (b, r) -> csvRow(b, r, row -> row.replaceFirst("\\.", ","))));
        m.add(new Mutation("empty", true, (b, r) -> new byte[0]));
        m.add(new Mutation("header only", true, (b, r) -> lines(b).get(0).concat("\n")
                .getBytes(StandardCharsets.UTF_8)));
        m.add(new Mutation("no header", false, (b, r) -> String.join("\n", lines(b).subList(1, lines(b).size()))
                .concat("\n").getBytes(StandardCharsets.UTF_8)));
        m.add(new Mutation("CRLF", false, (b, r) -> new String(b, StandardCharsets.UTF_8).replace("\n", "\r\n")
                .getBytes(StandardCharsets.UTF_8)));
        m.add(new Mutation("byte-order mark", false, (b, r) -> ("\uFEFF" + new String(b, StandardCharsets.UTF_8))
                .getBytes(StandardCharsets.UTF_8)));
        m.add(new Mutation("NUL bytes", true, (b, r) -> csvRow(b, r, row -> row.replace(',', '\0'))));
        m.add(new Mutation("truncated", false, (b, r) -> Arrays.copyOf(b, 1 + r.nextInt(b.length - 1))));
        m.add(new Mutation("blank lines", false, (b, r) -> new String(b, StandardCharsets.UTF_8).replace("\n",
                "\n\n").getBytes(StandardCharsets.UTF_8)));
        m.add(new Mutation("Latin-1 junk", true, (b, r) -> csvCell(b, r, "\u00e9\u00e8")));
        return m;
    }

    /** The mutations of a saved atlas (JSON). */
    static List<Mutation> atlasMutations() {
        List<Mutation> m = new ArrayList<>();
        m.add(new Mutation("truncated", true, (b, r) -> Arrays.copyOf(b, r.nextInt(b.length - 1))));
        m.add(new Mutation("empty", true, (b, r) -> new byte[0]));
        for (String root : List.of("[]", "{}", "\"atlas\"", "42", "null", "{\"format\": \"atlasgraph\"}")) {
            m.add(new Mutation("document " + root, true, (b, r) -> root.getBytes(StandardCharsets.UTF_8)));
        }
        m.add(new Mutation("deeply nested", true, (b, r) -> ("[".repeat(100_000) + "]".repeat(100_000))
                .getBytes(StandardCharsets.UTF_8)));
        for (Object version : List.of(999, -1, "2", 2.5)) {
            m.add(new Mutation("version " + version, true, (b, r) -> json(b, t -> ((ObjectNode) t).set("version",
                    JSON.valueToTree(version)))));
        }
        m.add(new Mutation("charts removed", true, (b, r) -> json(b, t -> ((ObjectNode) t).remove("charts"))));
        m.add(new Mutation("no charts", true, (b, r) -> json(b, t -> ((ObjectNode) t).putArray("charts"))));
        m.add(new Mutation("a field removed", false, (b, r) -> json(b, t -> {
            ObjectNode o = randomObject(t, r);
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            o.remove(names.get(r.nextInt(names.size())));
        })));
        for (String value : List.of("1e308", "-1e308", "0", "-1", "1e-320", "\"0.5\"", "null", "[]", "{}", "true",
                "123456789012345678901234567890")) {
            m.add(new Mutation("a value " + value, false, (b, r) -> json(b, t -> replaceRandomValue(t, r,
                    parse(value)))));
        }
        m.add(new Mutation("an array shortened", false, (b, r) -> json(b, t -> {
            ArrayNode a = randomArray(t, r);
            if (!a.isEmpty()) {
                a.remove(a.size() - 1);
            }
        })));
        m.add(new Mutation("a number spelled NaN", true, (b, r) -> new String(b, StandardCharsets.UTF_8)
                .replaceFirst("(\"radius\"\\s*:\\s*)[-0-9.eE+]+", "$1NaN").getBytes(StandardCharsets.UTF_8)));
        m.add(new Mutation("flipped byte", false, (b, r) -> set(b, r.nextInt(b.length), (byte) (32 + r.nextInt(95)),
                (byte) 0)));
        m.add(new Mutation("UTF-16", true, (b, r) -> new String(b, StandardCharsets.UTF_8)
                .getBytes(StandardCharsets.UTF_16)));
        return m;
    }

    private static byte[] set(byte[] b, int at, byte value, byte otherwise) {
        byte[] c = b.clone();
        c[at] = c[at] == value ? (byte) (otherwise ^ 0x5a) : value;
        return c;
    }

    private static int dataStart(byte[] b) {
        return 10 + ((b[8] & 0xff) | (b[9] & 0xff) << 8);
    }

    private static String headerOf(byte[] b) {
        return new String(b, 10, dataStart(b) - 10, StandardCharsets.ISO_8859_1);
    }

    /** Replaces text in the header, padding or trimming spaces so that the data stays aligned as it was. */
    private static byte[] replaceInHeader(byte[] b, String from, String to) {
        String h = headerOf(b);
        String changed = h.replaceFirst(java.util.regex.Pattern.quote(from), java.util.regex.Matcher
                .quoteReplacement(to));
        int delta = changed.length() - h.length();
        if (delta < 0) {
            changed = changed.substring(0, changed.length() - 1) + " ".repeat(-delta) + "\n";
        } else if (delta > 0) {
            String body = changed.stripTrailing();
            int room = h.length() - 1 - body.length();
            changed = room >= 0 ? body + " ".repeat(room) + "\n" : body + "\n";
        }
        byte[] header = changed.getBytes(StandardCharsets.ISO_8859_1);
        byte[] c = new byte[10 + header.length + b.length - dataStart(b)];
        System.arraycopy(b, 0, c, 0, 10);
        c[8] = (byte) header.length;
        c[9] = (byte) (header.length >>> 8);
        System.arraycopy(header, 0, c, 10, header.length);
        System.arraycopy(b, dataStart(b), c, 10 + header.length, b.length - dataStart(b));
        return c;
    }

    private static String shapeOf(byte[] b) {
        String h = headerOf(b);
        int i = h.indexOf("'shape': ") + 9;
        return h.substring(i, h.indexOf(')', i) + 1);
    }

    private static byte[] replaceShape(byte[] b, String shape) {
        return replaceInHeader(b, "'shape': " + shapeOf(b), "'shape': " + shape);
    }

    private static String grow(String shape) {
        String[] dims = shape.substring(1, shape.length() - 1).split(",\\s*");
        dims[0] = String.valueOf(Long.parseLong(dims[0].strip()) + 1);
        return "(" + String.join(", ", dims) + (dims.length == 1 ? ",)" : ")");
    }

    private static String transposed(String shape) {
        String[] dims = shape.substring(1, shape.length() - 1).split(",\\s*");
        List<String> list = new ArrayList<>(Arrays.asList(dims));
        java.util.Collections.reverse(list);
        return "(" + String.join(", ", list) + (list.size() == 1 ? ",)" : ")");
    }

    private static byte[] setDouble(byte[] b, SplittableRandom r, double value) {
        byte[] c = b.clone();
        int n = (b.length - dataStart(b)) / 8;
        ByteBuffer.wrap(c).order(ByteOrder.LITTLE_ENDIAN).putDouble(dataStart(b) + 8 * r.nextInt(n), value);
        return c;
    }

    private static List<String> lines(byte[] b) {
        return new String(b, StandardCharsets.UTF_8).lines().toList();
    }

    /** Replaces the line of one data row. */
    private static byte[] csvRow(byte[] b, SplittableRandom r, java.util.function.UnaryOperator<String> change) {
        List<String> lines = new ArrayList<>(lines(b));
        int row = 1 + r.nextInt(lines.size() - 1);
        lines.set(row, change.apply(lines.get(row)));
        return (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** Replaces one numeric cell of a data row. */
    private static byte[] csvCell(byte[] b, SplittableRandom r, String value) {
        return csvRow(b, r, row -> {
            String[] cells = row.split(",", -1);
            int numeric = cells.length - (cells[cells.length - 1].matches("[-+0-9.eE]+") ? 0 : 1);
            cells[r.nextInt(Math.max(1, numeric))] = value;
            return String.join(",", cells);
        });
    }

    private static JsonNode parse(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] json(byte[] b, java.util.function.Consumer<JsonNode> change) {
        try {
            JsonNode tree = JSON.readTree(b);
            change.accept(tree);
            return JSON.writeValueAsBytes(tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return a random object node of the tree (the root, the summary, or a chart) */
    private static ObjectNode randomObject(JsonNode root, SplittableRandom r) {
        List<ObjectNode> objects = new ArrayList<>();
        collect(root, objects, ObjectNode.class);
        return objects.get(r.nextInt(objects.size()));
    }

    private static ArrayNode randomArray(JsonNode root, SplittableRandom r) {
        List<ArrayNode> arrays = new ArrayList<>();
        collect(root, arrays, ArrayNode.class);
        return arrays.get(r.nextInt(arrays.size()));
    }

    private static <T extends JsonNode> void collect(JsonNode node, List<T> into, Class<T> type) {
        if (type.isInstance(node)) {
            into.add(type.cast(node));
        }
        for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
            collect(it.next(), into, type);
        }
    }

    /** Replaces one scalar value anywhere in the tree: in an object field or an array element. */
    private static void replaceRandomValue(JsonNode root, SplittableRandom r, JsonNode value) {
        List<JsonNode> containers = new ArrayList<>();
        collect(root, containers, JsonNode.class);
        containers.removeIf(n -> !n.isContainerNode() || n.isEmpty());
        JsonNode c = containers.get(r.nextInt(containers.size()));
        if (c instanceof ObjectNode o) {
            List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
            o.fields().forEachRemaining(fields::add);
            o.set(fields.get(r.nextInt(fields.size())).getKey(), value);
        } else {
            ArrayNode a = (ArrayNode) c;
            a.set(r.nextInt(a.size()), value == null ? JsonNodeFactory.instance.nullNode() : value);
        }
    }

    /** @return a short, file-name-safe form of a mutation's name */
    static String slug(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    }
}
