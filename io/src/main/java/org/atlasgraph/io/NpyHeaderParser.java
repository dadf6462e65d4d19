package org.atlasgraph.io;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Parses the Python dict literal of a {@code .npy} header strictly: exactly the keys {@code descr} (a string),
 * {@code fortran_order} ({@code True} or {@code False}) and {@code shape} (a tuple of non-negative integers, a single
 * dimension with its trailing comma), each once, in any order, an optional trailing comma, then only whitespace.
 * A Python 2 long suffix ({@code 3L}) is accepted, as NumPy accepts it in version 1 files.
 */
final class NpyHeaderParser {
    /** NumPy 2 allows 64 dimensions ({@code NPY_MAXDIMS}); more is not a NumPy file. */
    static final int MAX_RANK = 64;
    private static final String DICT = "a header dict {'descr': …, 'fortran_order': …, 'shape': (…)}";
    private static final int EXCERPT = 80;
    private static final int FOUND = 16;

    private final String label;
    private final String text;
    private int pos;
    private String descr;
    private Boolean fortranOrder;
    private long[] shape;

    private NpyHeaderParser(String label, String text) {
        this.label = label;
        this.text = text;
    }

    static NpyHeaderParser parse(String label, String text) {
        NpyHeaderParser p = new NpyHeaderParser(label, text);
        p.dict();
        return p;
    }

    String descr() {
        return descr;
    }

    boolean fortranOrder() {
        return fortranOrder;
    }

    long[] shape() {
        return shape;
    }

    private void dict() {
        whitespace();
        expect('{');
        Set<String> seen = new HashSet<>();
        whitespace();
        while (peek() != '}') {
            int keyAt = pos;
            String key = string();
            if (!seen.add(key)) {
                throw fail("each key once", "key '" + key + "' twice", keyAt);
            }
            whitespace();
            expect(':');
            whitespace();
            value(key, keyAt);
            whitespace();
            if (peek() == ',') {
                pos++;
                whitespace();
            } else if (peek() != '}') {
                throw fail("',' or '}'", found(), pos);
            }
        }
        pos++;
        whitespace();
        if (pos != text.length()) {
            throw fail("only spaces after the dict", found(), pos);
        }
        for (String key : List.of("descr", "fortran_order", "shape")) {
            if (!seen.contains(key)) {
                throw new InvalidInputException(label, "a .npy header with the key '" + key + "'",
                        "header " + excerpt(0));
            }
        }
    }

    private void value(String key, int keyAt) {
        switch (key) {
            case "descr":
                if (peek() != '\'' && peek() != '"') {
                    throw fail("a dtype string such as '<f8' (structured dtypes are not read)", found(), pos);
                }
                descr = string();
                break;
            case "fortran_order":
                if (text.startsWith("True", pos)) {
                    fortranOrder = true;
                    pos += 4;
                } else if (text.startsWith("False", pos)) {
                    fortranOrder = false;
                    pos += 5;
                } else {
                    throw fail("True or False", found(), pos);
                }
                break;
            case "shape":
                shape = tuple();
                break;
            default:
                throw fail("only the keys 'descr', 'fortran_order' and 'shape'", "key '" + key + "'", keyAt);
        }
    }

    private long[] tuple() {
        expect('(');
        whitespace();
        List<Long> dims = new ArrayList<>();
        boolean trailingComma = false;
        while (peek() != ')') {
            dims.add(dimension());
            if (dims.size() > MAX_RANK) {
                throw fail("a shape of at most " + MAX_RANK + " dimensions", "more", pos);
            }
            whitespace();
            trailingComma = peek() == ',';
            if (trailingComma) {
                pos++;
                whitespace();
            } else if (peek() != ')') {
                throw fail("',' or ')' in the shape", found(), pos);
            }
        }
        if (dims.size() == 1 && !trailingComma) {
            throw fail("a tuple for the shape, such as (3,)", "a parenthesized integer", pos);
        }
        pos++;
        long[] out = new long[dims.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = dims.get(i);
        }
        return out;
    }

    private long dimension() {
        int start = pos;
        if (peek() == '-') {
            throw fail("non-negative dimensions", "a negative dimension", start);
        }
        while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
            pos++;
        }
        String digits = text.substring(start, pos);
        if (digits.isEmpty()) {
            throw fail("an integer dimension", found(), start);
        }
        if (digits.length() > 1 && digits.charAt(0) == '0') {
            throw fail("an integer without leading zeros", "'" + digits + "'", start);
        }
        if (peek() == 'L') {
            pos++;
        }
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw fail("a dimension below 2^63", digits, start);
        }
    }

    private String string() {
        char quote = peek();
        if (quote != '\'' && quote != '"') {
            throw fail("a quoted key", found(), pos);
        }
        int start = ++pos;
        while (pos < text.length() && text.charAt(pos) != quote) {
            if (text.charAt(pos) == '\\' || text.charAt(pos) == '\n') {
                throw fail("a plain string literal", found(), pos);
            }
            pos++;
        }
        if (pos >= text.length()) {
            throw fail("a closing quote", "the end of the header", pos);
        }
        return text.substring(start, pos++);
    }

    private void expect(char c) {
        if (peek() != c) {
            throw fail("'" + c + "'", found(), pos);
        }
        pos++;
    }

    private void whitespace() {
        while (pos < text.length() && " \t\r\n".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
    }

    /** @return the next character, or {@code '\0'} at the end of the header (never a valid character here) */
    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private String found() {
        return pos < text.length() ? "'" + excerpt(pos, FOUND) + "'" : "the end of the header";
    }

    private String excerpt(int from) {
        return excerpt(from, EXCERPT);
    }

    private String excerpt(int from, int length) {
        String s = text.substring(from).strip();
        if (s.length() > length) {
            s = s.substring(0, length) + "…";
        }
        return s.replaceAll("\\p{Cntrl}", "?");
    }

    private InvalidInputException fail(String expected, String found, int at) {
        return new InvalidInputException(label, DICT + " with " + expected, found,
                "at character " + at + " of the header " + excerpt(0));
    }
}
