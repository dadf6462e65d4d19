package org.atlasgraph.cli.io;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes {@code --json FILE} outputs: records and collections serialized by Jackson, indented, ending with a newline,
 * written through {@link AtomicFiles}. Records serialize by their component names, so an output's schema is the record
 * that holds it; non-finite doubles are written as the strings {@code "NaN"}/{@code "Infinity"}, but outputs should
 * never contain them.
 */
public final class JsonFiles {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    private JsonFiles() {
    }

    /**
     * Writes a value as JSON, atomically.
     *
     * @param target the file to create or replace
     * @param value  a record, collection or map of JSON-serializable values
     * @throws IOException as {@link AtomicFiles#write}; nothing is left behind on failure
     */
    public static void write(Path target, Object value) throws IOException {
        AtomicFiles.write(target, out -> {
            MAPPER.writeValue(out, value);
            out.write('\n');
        });
    }

    /**
     * The configured mapper, for reading back or for a subcommand that needs a custom serializer.
     *
     * @return a copy of the mapper, safe to reconfigure
     */
    public static ObjectMapper mapper() {
        return MAPPER.copy();
    }
}
