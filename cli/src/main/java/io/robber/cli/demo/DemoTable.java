package io.robber.cli.demo;

import io.robber.cli.TextTable;
import io.robber.emulation.demo.DemoResult;
import io.robber.emulation.runner.NodeResult;
import java.util.Locale;

/** The human form of a {@link DemoResult}: one row per node and a summary line. */
final class DemoTable {
    private static final double MIB = 1 << 20;

    private DemoTable() {
    }

    static String render(DemoResult result) {
        TextTable table = new TextTable()
                .left("node").left("cluster").right("seconds").right("MB/s")
                .right("in local MiB").right("in global MiB").right("out local MiB").right("out global MiB")
                .right("stolen").left("verified");
        String root = result.nodes().isEmpty() ? "" : result.nodes().get(0).id();
        for (NodeResult node : result.nodes()) {
            table.row(node.id(), node.cluster(),
                    node.seconds() == null ? "-" : format("%.3f", node.seconds()),
                    node.id().equals(root) ? "-" : rate(result.bytes(), node.seconds()),
                    mib(node.bytesIn().local()), mib(node.bytesIn().global()),
                    mib(node.bytesOut().local()), mib(node.bytesOut().global()),
                    node.piecesStolen(),
                    node.verified() ? "yes" : "NO" + (node.error() != null ? " (" + node.error() + ")" : ""));
        }
        return table.render() + summary(result) + "\n";
    }

    static String summary(DemoResult result) {
        String bound = result.boundMBps() == null ? ""
                : format(" = %.1f%% of the %s bound %.2f MB/s", result.percentOfBound(), result.scenario(),
                        result.boundMBps());
        return format("total %.3f s, throughput %.2f MB/s%s, all verified: %s",
                result.seconds(), result.throughputMBps(), bound, result.verified() ? "yes" : "no");
    }

    /** A node's own rate: the data size over its completion time. */
    private static String rate(long bytes, Double seconds) {
        if (seconds == null || seconds < 1e-3) {
            return "-";
        }
        return format("%.1f", bytes / seconds / 1e6);
    }

    private static String mib(long bytes) {
        return format("%.1f", bytes / MIB);
    }

    private static String format(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
