package io.robber.cli.demo;

import io.robber.cli.TextTable;
import java.util.Locale;

/** The human form of a {@link DatacastDemoResult}: one row of figures and a verdict. */
final class DatacastDemoTable {
    private DatacastDemoTable() {
    }

    static String render(DatacastDemoResult r) {
        TextTable table = new TextTable().right("trees").right("finish s").right("ideal s").right("finish/ideal")
                .right("Mbit/s").right("link stress").right("duplicate data").right("cache hits")
                .right("retransmissions").right("drops");
        table.row(r.trees(), format("%.3f", r.finishSeconds()), format("%.3f", r.idealSeconds()),
                format("%.3f", r.finishOverIdeal()), format("%.1f", r.throughputMbps()),
                format("%.4f", r.linkStress()), format("%.2f%%", 100 * r.duplicateDataRatio()), r.cacheHits(),
                r.retransmissions(), r.drops());
        String check = r.verified() == null
                ? "complete: " + yes(r.complete()) + " (virtual time carries no bytes, nothing to verify)"
                : "all " + r.receivers() + " copies verified (SHA-256 per block): " + yes(r.verified());
        String wall = r.wallSeconds() == null ? ""
                : format("; wall clock %.3f s, %.1f MB on the sockets in %d frames, %d writes", r.wallSeconds(),
                        r.wireBytes() / 1e6, r.wireFrames(), r.wireWrites());
        double treesMbps = r.bytes() * 8 / r.idealSeconds() / 1e6;
        return table.render() + format("ideal = data / (%d trees, each at its slowest link: %.1f Mbit/s)%s%n%s%n",
                r.trees(), treesMbps, wall, check);
    }

    private static String yes(boolean value) {
        return value ? "yes" : "NO";
    }

    private static String format(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
