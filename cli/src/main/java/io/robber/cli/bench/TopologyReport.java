package io.robber.cli.bench;

import io.robber.cli.CliFailure;
import io.robber.cli.JsonOutput;
import io.robber.cli.TextTable;
import io.robber.datacast.bench.TopologyRun;
import io.robber.datacast.timeline.Timeline;
import io.robber.datacast.topology.Network;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code bench --topology}'s results as a table, JSON, CSV or an HTML page. */
final class TopologyReport {
    /** The most bins a timeline is written in. */
    static final int MAX_BINS = 500;
    /** The most bins a chart draws: fewer than the CSV's, each averaging enough packets to read. */
    static final int CHART_BINS = 120;
    private final List<TopologyResult> results;
    private final List<TopologyRun> runs;
    private final Network network;

    /** The report of {@code results}, whose timelines name nodes as {@code network} does. */
    TopologyReport(List<TopologyResult> results, Network network) {
        this.results = List.copyOf(results);
        this.runs = results.stream().map(TopologyResult::run).toList();
        this.network = network;
    }

    /** One run as JSON shows it: the record's figures and the derived ones, null where a figure does not apply. */
    record Row(String topology, String protocol, int receivers, int repeat, int trees, long dataBytes,
            Double finishSeconds, double idealSeconds, Double ofIdeal, Double throughputMbps, Double linkStress,
            Double networkStress, Double duplicateRatio, Long cacheHits, boolean verified, long events,
            double wallSeconds, String error) {
        static Row of(TopologyRun r) {
            return new Row(r.topology(), r.protocol(), r.receivers(), r.repeat(), r.trees(), r.dataBytes(),
                    number(r.finishSeconds()), r.idealSeconds(), number(r.ofIdeal()), number(r.throughputMbps()),
                    number(r.linkStress()), number(r.networkStress()), number(r.duplicateRatio()),
                    r.cacheHits() < 0 ? null : r.cacheHits(), r.complete(), r.events(), r.wallSeconds(), r.error());
        }

        private static Double number(double value) {
            return Double.isFinite(value) ? value : null;
        }
    }

    /** Fails the command, naming the first, when a run did not deliver everything. */
    void requireComplete() {
        List<TopologyRun> bad = runs.stream().filter(r -> !r.complete()).toList();
        if (!bad.isEmpty()) {
            TopologyRun first = bad.get(0);
            throw CliFailure.failed(bad.size() + " run(s) failed, first " + first.protocol() + " with "
                    + first.receivers() + " receivers: " + first.error(), null);
        }
    }

    String table() {
        TextTable table = new TextTable().left("topology").left("protocol").right("receivers").right("rep")
                .right("trees").right("finish s").right("ideal s").right("x ideal").right("Mbit/s")
                .right("link stress").right("all bytes").right("dup data").right("cache hits").left("verified");
        for (TopologyRun r : runs) {
            table.row(r.topology(), r.protocol(), r.receivers(), r.repeat(), r.trees(), fixed(r.finishSeconds(), 4),
                    fixed(r.idealSeconds(), 4), fixed(r.ofIdeal(), 4), fixed(r.throughputMbps(), 1),
                    fixed(r.linkStress(), 4), fixed(r.networkStress(), 4),
                    Double.isNaN(r.duplicateRatio()) ? "n/a" : percent(r.duplicateRatio()),
                    r.cacheHits() < 0 ? "n/a" : r.cacheHits(),
                    r.complete() ? "yes" : "NO" + (r.error() == null ? "" : ": " + r.error()));
        }
        return table.render();
    }

    String json() {
        try {
            return JsonOutput.mapper().writeValueAsString(Map.of("results", runs.stream().map(Row::of).toList()));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot write the results as JSON: " + e.getOriginalMessage(), e);
        }
    }

    String csv() {
        StringBuilder out = new StringBuilder("topology,protocol,receivers,repeat,trees,dataBytes,finishSeconds,"
                + "idealSeconds,ofIdeal,throughputMbps,linkStress,networkStress,duplicateRatio,cacheHits,verified,"
                + "events,wallSeconds\n");
        for (TopologyRun r : runs) {
            out.append(String.join(",", r.topology().replace(',', ' '), r.protocol(), "" + r.receivers(),
                    "" + r.repeat(), "" + r.trees(), "" + r.dataBytes(), fixed(r.finishSeconds(), 6),
                    fixed(r.idealSeconds(), 6), fixed(r.ofIdeal(), 5), fixed(r.throughputMbps(), 2),
                    fixed(r.linkStress(), 5), fixed(r.networkStress(), 5), fixed(r.duplicateRatio(), 5),
                    r.cacheHits() < 0 ? "" : "" + r.cacheHits(), "" + r.complete(), "" + r.events(),
                    fixed(r.wallSeconds(), 2))).append('\n');
        }
        return out.toString();
    }

    /**
     * The timelines in long form, one row per run, bin and series: the bin's start in seconds, the
     * node, what it counts ({@code sent}, {@code tree}, {@code overlay}) and its rate in Mbit/s; a
     * run's bins are a hundredth of its ideal finish time, merged to at most {@link #MAX_BINS}.
     */
    String timelineCsv() {
        StringBuilder out = new StringBuilder("protocol,receivers,repeat,seconds,node,kind,mbps\n");
        for (TopologyResult result : results) {
            if (result.timeline() == null) {
                continue;
            }
            Timeline timeline = result.timeline().coarsened(MAX_BINS);
            TopologyRun r = result.run();
            for (int bin = 0; bin < timeline.bins(); bin++) {
                for (Timeline.Series series : timeline.series()) {
                    out.append(String.format(Locale.ROOT, "%s,%d,%d,%.6f,%s,%s,%.3f%n", r.protocol(), r.receivers(),
                            r.repeat(), bin * timeline.binNanos() / 1e9, network.node(series.node()).name()
                                    .replace(',', ' '), series.kind().label(), timeline.mbps(series, bin)));
                }
            }
        }
        return out.toString();
    }

    /** The charts of the runs that recorded a timeline, each under a heading naming the run. */
    private String charts() {
        StringBuilder out = new StringBuilder();
        for (TopologyResult result : results) {
            if (result.timeline() == null || result.timeline().bins() == 0) {
                continue;
            }
            TopologyRun r = result.run();
            out.append(String.format(Locale.ROOT, "<h2>%s, %d receivers, run %d: rates over time</h2>%n",
                    escape(r.protocol()), r.receivers(), r.repeat()))
                    .append(TimelineChart.svg(result.timeline().coarsened(CHART_BINS)));
        }
        return out.toString();
    }

    /** The table as a page, with a bar per run for its finish time against the ideal and its link stress. */
    String html() {
        StringBuilder rows = new StringBuilder();
        double maxOfIdeal = runs.stream().mapToDouble(TopologyRun::ofIdeal).filter(Double::isFinite).max().orElse(1);
        double maxStress = runs.stream().mapToDouble(TopologyRun::linkStress).filter(Double::isFinite).max().orElse(1);
        for (TopologyRun r : runs) {
            rows.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%s</td><td>%d</td><td>%d</td><td>%d</td>"
                    + "<td>%s %s</td><td>%s %s</td><td>%s</td></tr>%n", escape(r.topology()), escape(r.protocol()),
                    r.receivers(), r.repeat(), r.trees(), fixed(r.ofIdeal(), 3), bar(r.ofIdeal(), maxOfIdeal),
                    fixed(r.linkStress(), 3), bar(r.linkStress(), maxStress), r.complete() ? "yes" : "NO"));
        }
        return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>robber bench --topology</title>\n"
                + "<style>td,th{padding:2px 8px;text-align:left}.bar{display:inline-block;height:10px;"
                + "background:#47c}</style></head><body>\n<h1>Group data delivery on a data-center topology</h1>\n"
                + "<p>Finish time as a multiple of the ideal (data &divide; (trees &times; link rate)) and link stress "
                + "(data bytes over all links &divide; (data &times; tree links)); virtual time.</p>\n<table>\n"
                + "<tr><th>topology</th><th>protocol</th><th>receivers</th><th>rep</th><th>trees</th>"
                + "<th>&times; ideal</th><th>link stress</th><th>verified</th></tr>\n" + rows + "</table>\n"
                + "<pre>" + escape(table()) + "</pre>\n" + charts() + "</body></html>\n";
    }

    private static String bar(double value, double max) {
        if (!Double.isFinite(value)) {
            return "";
        }
        return String.format(Locale.ROOT, "<span class=\"bar\" style=\"width:%dpx\"></span>",
                Math.round(200 * value / max));
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** {@code value} with {@code decimals} decimals, or n/a when it is not a number. */
    static String fixed(double value, int decimals) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%." + decimals + "f", value) : "n/a";
    }

    private static String percent(double ratio) {
        return String.format(Locale.ROOT, "%.2f%%", 100 * ratio);
    }
}
