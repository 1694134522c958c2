package io.robber.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;

/** Writes a command's {@code --json} summary: exactly one JSON object, on one line of stdout. */
public final class JsonOutput {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private JsonOutput() {
    }

    public static void write(PrintWriter out, Object summary) {
        try {
            out.println(MAPPER.writeValueAsString(summary));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the JSON summary: " + e.getOriginalMessage(), e);
        }
        out.flush();
    }

    /** The mapper, for tests and commands that read JSON. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }
}
