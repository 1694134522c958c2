package io.robber.emulation.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** Renders bench results: a text table, one JSON object, CSV, and an HTML page with bar charts. */
public final class BenchReport {
    private static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    private final List<RunResult> results;

    public BenchReport(List<RunResult> results) {
        this.results = List.copyOf(results);
    }

    public List<RunResult> results() {
        return results;
    }

    /** {@code {"results": [...]}} on one line. */
    public String json() {
        try {
            return JSON.writeValueAsString(Map.of("results", results));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The backends the results ran on, in order of first appearance. */
    public List<String> backends() {
        return results.stream().map(RunResult::backend).filter(b -> b != null).distinct().toList();
    }

    /** Results of more than one backend: the table and CSV gain a backend column. */
    private boolean comparing() {
        return backends().size() > 1;
    }

    public String csv() {
        StringBuilder out = new StringBuilder("scenario,protocol," + (comparing() ? "backend," : "")
                + "repeat,bytes,seconds,throughputMBps,boundMBps,percentOfBound,strictBoundMBps,percentOfStrictBound,"
                + "overheadPercent,cpuSecondsPerNode,"
                + "cpuSecondsPerGiB,messagesPerPiecePerNode,verified,wanBytesIn,error\n");
        for (RunResult r : results) {
            List<String> row = leading(r);
            row.addAll(List.of(String.valueOf(r.repeat()), String.valueOf(r.bytes()), fmt(r.seconds(), 3),
                    fmt(r.throughputMBps(), 3), fmt(r.boundMBps(), 3), fmt(r.percentOfBound(), 1),
                    fmt(r.strictBoundMBps(), 3), fmt(r.percentOfStrictBound(), 1), fmt(r.overheadPercent(), 3), fmt(r.cpuSecondsPerNode(), 3), fmt(r.cpuSecondsPerGiB(), 3),
                    fmt(r.messagesPerPiecePerNode(), 3), String.valueOf(r.verified()), quote(wan(r)),
                    quote(r.error() == null ? "" : r.error())));
            out.append(String.join(",", row)).append('\n');
        }
        return out.toString();
    }

    /**
     * One row per run; with several backends a backend column, followed by a comparison: per scenario
     * and protocol the median percentage of the bound on each backend side by side.
     */
    public String table() {
        List<String[]> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("scenario", "protocol"));
        if (comparing()) {
            header.add("backend");
        }
        int left = header.size();
        header.addAll(List.of("rep", "MB", "seconds", "MB/s", "bound MB/s", "% bound", "% strict", "overhead %",
                "CPU s/node",
                "CPU s/GiB", "msgs/piece/node", "verified", "WAN MB into clusters"));
        rows.add(header.toArray(String[]::new));
        for (RunResult r : results) {
            List<String> row = leading(r);
            row.addAll(List.of(String.valueOf(r.repeat()), fmt(r.bytes() / 1e6, 1), fmt(r.seconds(), 2),
                    fmt(r.throughputMBps(), 2), fmt(r.boundMBps(), 2), fmt(r.percentOfBound(), 1),
                    fmt(r.percentOfStrictBound(), 1), fmt(r.overheadPercent(), 2), fmt(r.cpuSecondsPerNode(), 2), fmt(r.cpuSecondsPerGiB(), 2),
                    fmt(r.messagesPerPiecePerNode(), 2),
                    r.error() != null ? "FAILED: " + r.error() : r.verified() ? "yes" : "NO", wanMegabytes(r)));
            rows.add(row.toArray(String[]::new));
        }
        String table = render(rows, left, header.size() - 2);
        return comparing() ? table + "\n" + comparison() : table;
    }

    /** The first cells of a row: scenario, protocol and, with several backends, the backend. */
    private List<String> leading(RunResult r) {
        List<String> cells = new ArrayList<>(List.of(r.scenario(), r.protocol()));
        if (comparing()) {
            cells.add(r.backend());
        }
        return cells;
    }

    /** Per scenario and protocol, the median percentage of the bound on each backend. */
    private String comparison() {
        List<String> backends = backends();
        Map<List<String>, Map<String, List<Double>>> percent = new LinkedHashMap<>();
        for (RunResult r : results) {
            percent.computeIfAbsent(List.of(r.scenario(), r.protocol()), k -> new LinkedHashMap<>())
                    .computeIfAbsent(r.backend(), b -> new ArrayList<>()).add(r.percentOfBound());
        }
        List<String[]> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("scenario", "protocol"));
        backends.forEach(b -> header.add("% bound " + b));
        rows.add(header.toArray(String[]::new));
        for (Map.Entry<List<String>, Map<String, List<Double>>> e : percent.entrySet()) {
            List<String> row = new ArrayList<>(e.getKey());
            for (String b : backends) {
                List<Double> runs = e.getValue().get(b);
                row.add(runs == null ? "-" : fmt(median(runs), 1));
            }
            rows.add(row.toArray(String[]::new));
        }
        return render(rows, 2, header.size());
    }

    /** Columns before {@code left} and from {@code textFrom} on are left-aligned, the numbers between right-aligned. */
    private static String render(List<String[]> rows, int left, int textFrom) {
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                out.append(i == 0 ? "" : "  ")
                        .append(i < left || i >= textFrom ? pad(row[i], widths[i]) : lpad(row[i], widths[i]));
            }
            out.append('\n');
        }
        return out.toString().lines().map(String::stripTrailing).collect(Collectors.joining("\n", "", "\n"));
    }

    /**
     * A self-contained page: per scenario, a bar per protocol (and backend, with several) as the median
     * over repeats, beside the bound; then the table.
     */
    public String html() {
        Map<String, Map<String, List<Double>>> byScenario = new LinkedHashMap<>();
        Map<String, Double> bounds = new LinkedHashMap<>();
        Set<String> protocols = new LinkedHashSet<>();
        for (RunResult r : results) {
            String series = comparing() ? r.protocol() + " " + r.backend() : r.protocol();
            byScenario.computeIfAbsent(r.scenario(), s -> new LinkedHashMap<>())
                    .computeIfAbsent(series, p -> new ArrayList<>()).add(r.throughputMBps());
            bounds.put(r.scenario(), r.boundMBps());
            protocols.add(series);
        }
        StringBuilder svg = new StringBuilder();
        String[] colours = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1"};
        List<String> protocolList = new ArrayList<>(protocols);
        int step = comparing() ? 120 : 70;
        for (Map.Entry<String, Map<String, List<Double>>> e : byScenario.entrySet()) {
            double bound = bounds.get(e.getKey());
            double max = Math.max(e.getValue().values().stream().flatMap(List::stream).mapToDouble(d -> d).max().orElse(1),
                    Double.isFinite(bound) ? bound : 0) * 1.1;
            int width = 80 + step * protocolList.size();
            svg.append("<figure><svg width='").append(width).append("' height='260' role='img'>");
            int x = 60;
            for (int i = 0; i < protocolList.size(); i++) {
                List<Double> runs = e.getValue().getOrDefault(protocolList.get(i), List.of());
                double median = median(runs);
                int h = (int) Math.round(200 * median / max);
                svg.append("<rect x='").append(x).append("' y='").append(220 - h).append("' width='50' height='").append(h)
                        .append("' fill='").append(colours[i % colours.length]).append("'><title>")
                        .append(escape(protocolList.get(i))).append(": ").append(fmt(median, 2)).append(" MB/s</title></rect>")
                        .append("<text x='").append(x + 25).append("' y='").append(214 - h)
                        .append("' text-anchor='middle' font-size='11'>").append(fmt(median, 2)).append("</text>")
                        .append("<text x='").append(x + 25).append("' y='238' text-anchor='middle' font-size='12'>")
                        .append(escape(protocolList.get(i))).append("</text>");
                x += step;
            }
            if (Double.isFinite(bound)) {
                int y = 220 - (int) Math.round(200 * bound / max);
                svg.append("<line x1='50' x2='").append(x).append("' y1='").append(y).append("' y2='").append(y)
                        .append("' stroke='black' stroke-dasharray='6 4'/><text x='").append(x + 4).append("' y='")
                        .append(y + 4).append("' font-size='11'>bound ").append(fmt(bound, 2)).append("</text>");
            }
            svg.append("<line x1='50' x2='50' y1='20' y2='220' stroke='#333'/><line x1='50' x2='").append(x)
                    .append("' y1='220' y2='220' stroke='#333'/></svg><figcaption>").append(escape(e.getKey()))
                    .append(" — throughput in MB/s (median of repeats); dashed: theoretical maximum</figcaption></figure>\n");
        }
        return "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>Robber bench</title>"
                + "<style>body{font-family:sans-serif;margin:2em}figure{display:inline-block;margin:1em}"
                + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}</style>"
                + "</head><body><h1>Robber bench</h1>\n" + svg + "<h2>All runs</h2><pre>" + escape(table())
                + "</pre></body></html>\n";
    }

    static double median(List<Double> values) {
        if (values.isEmpty()) {
            return 0;
        }
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static String wan(RunResult r) {
        return r.wanBytesIn().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
    }

    private static String wanMegabytes(RunResult r) {
        return r.wanBytesIn().entrySet().stream().map(e -> e.getKey() + ":" + fmt(e.getValue() / 1e6, 1))
                .collect(Collectors.joining(" "));
    }

    private static String fmt(double v, int decimals) {
        return Double.isNaN(v) ? "n/a"
                : Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "inf";
    }

    private static String pad(String s, int w) {
        return s + " ".repeat(w - s.length());
    }

    private static String lpad(String s, int w) {
        return " ".repeat(w - s.length()) + s;
    }

    private static String quote(String s) {
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
