package io.robber.rendezvous.control;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The rendezvous' JSON, written over jackson-core's streaming generator: the control protocol's frames
 * ({@link ControlCodec}) and a transfer's {@code --json} summary. Every process of a push writes them, and
 * the generator needs none of the start-up that Jackson's data binding runs to introspect classes. Fields
 * whose value is absent are left out.
 */
public final class Json {
    static final JsonFactory FACTORY = new JsonFactory();

    private Json() {
    }

    /** What writes one JSON value. */
    @FunctionalInterface
    public interface Writer {
        void write(JsonGenerator json) throws IOException;
    }

    /** The UTF-8 bytes {@code writer} writes. */
    public static byte[] bytes(Writer writer) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (JsonGenerator json = FACTORY.createGenerator(bytes)) {
            writer.write(json);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write JSON", e);
        }
        return bytes.toByteArray();
    }

    /** A string field, left out when {@code value} is null. */
    public static void string(JsonGenerator json, String name, String value) throws IOException {
        if (value != null) {
            json.writeStringField(name, value);
        }
    }

    /** A number field, left out when {@code value} is null. */
    public static void number(JsonGenerator json, String name, Double value) throws IOException {
        if (value != null) {
            json.writeNumberField(name, value);
        }
    }

    /** An array of strings, left out when {@code values} is null. */
    public static void strings(JsonGenerator json, String name, List<String> values) throws IOException {
        if (values != null) {
            json.writeArrayFieldStart(name);
            for (String value : values) {
                json.writeString(value);
            }
            json.writeEndArray();
        }
    }
}
