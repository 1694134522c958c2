package io.robber.emulation.perf;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Renders data-plane results: a text table, or one JSON object {@code {"dataPlane": [...]}}. */
public final class DataPlaneReport {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<DataPlaneResult> results;

    public DataPlaneReport(List<DataPlaneResult> results) {
        this.results = List.copyOf(results);
    }

    public List<DataPlaneResult> results() {
        return results;
    }

    public String json() {
        try {
            return JSON.writeValueAsString(Map.of("dataPlane", results));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One row per benchmark: operations per second, nanoseconds per operation, MB/s where bytes apply. */
    public String table() {
        String[] header = {"benchmark", "operation", "bytes/op", "ops/s", "ns/op", "MB/s"};
        String[][] rows = new String[results.size()][];
        int[] widths = new int[header.length];
        for (int i = 0; i < rows.length; i++) {
            DataPlaneResult r = results.get(i);
            rows[i] = new String[] {r.name(), r.operation(),
                r.bytesPerOperation() > 0 ? String.valueOf(r.bytesPerOperation()) : "n/a",
                String.format(Locale.ROOT, "%.0f", r.operationsPerSecond()),
                String.format(Locale.ROOT, "%.1f", r.nanosPerOperation()),
                Double.isNaN(r.megabytesPerSecond()) ? "n/a" : String.format(Locale.ROOT, "%.1f", r.megabytesPerSecond())};
        }
        for (int c = 0; c < header.length; c++) {
            widths[c] = header[c].length();
            for (String[] row : rows) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        StringBuilder out = new StringBuilder();
        append(out, header, widths);
        for (String[] row : rows) {
            append(out, row, widths);
        }
        return out.toString();
    }

    private static void append(StringBuilder out, String[] row, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < row.length; c++) {
            String cell = row[c];
            String padding = " ".repeat(widths[c] - cell.length());
            line.append(c == 0 ? "" : "  ").append(c < 2 ? cell + padding : padding + cell);
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }
}
