package io.robber.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * Writes a command's {@code --json} summary: exactly one JSON object, on one line of stdout, its fields in the
 * order the summary's record declares them and absent values left out.
 *
 * <p>Written with jackson-jr, which maps records without the introspection that Jackson's data binding runs
 * on its first use: a receiver's summary is the one JSON it writes, and data binding's set-up cost it about
 * a tenth of a CPU-second on two cores.
 */
public final class JsonOutput {
    private static final JSON WRITER = JSON.builder()
            .enable(JSON.Feature.WRITE_RECORD_FIELDS_IN_DECLARATION_ORDER)
            .build();

    private JsonOutput() {
    }

    public static void write(PrintWriter out, Object summary) {
        try {
            out.println(WRITER.asString(summary));
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the JSON summary: " + e.getMessage(), e);
        }
        out.flush();
    }

    /** Jackson's data binding, for tests and commands that read JSON; made on first use, not by {@link #write}. */
    public static ObjectMapper mapper() {
        return Mapper.MAPPER;
    }

    private static final class Mapper {
        static final ObjectMapper MAPPER = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    }
}
