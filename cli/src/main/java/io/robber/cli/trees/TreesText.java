package io.robber.cli.trees;

import io.robber.cli.TextTable;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** {@code robber trees}' text output: a summary, a table of the trees and, for small trees, their arcs. */
final class TreesText {
    /** Trees up to this many links are listed arc by arc. */
    static final int LISTED_LINKS = 64;

    private TreesText() {
    }

    static String render(TreesReport report) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "robber trees: %s (%d servers, %d switches, %d links), %d failed links "
                        + "(seed %d), source %s, %d receivers%n", report.topology(), report.servers(), report.switches(),
                report.links(), report.failedLinks(), report.seed(), report.source(), report.receivers()));
        TextTable table = new TextTable().right("tree").right("links").right("depth").right("branching nodes");
        for (int i = 0; i < report.trees().size(); i++) {
            TreesReport.Tree tree = report.trees().get(i);
            table.row(i + 1, tree.links(), tree.depth(), tree.branchingNodes());
        }
        out.append(table.render());
        out.append(String.format(Locale.ROOT, "%d trees, bound %d (the smallest live degree of the source and the "
                        + "receivers); %d repaired, %d dropped; verified: %s%n", report.trees().size(), report.bound(),
                report.repaired(), report.dropped(), report.verified() ? "yes" : "NO"));
        if (!report.connected()) {
            out.append("failed links cut some receivers off the source: no tree can reach them\n");
        }
        out.append(String.format(Locale.ROOT, "computed in %.3f ms (%.3f ms of CPU)%s%n", report.millis(),
                report.cpuMillis(), report.repeat() > 1 ? ", the median of " + report.repeat() + " runs" : ""));
        for (int i = 0; i < report.trees().size(); i++) {
            TreesReport.Tree tree = report.trees().get(i);
            if (tree.links() <= LISTED_LINKS) {
                out.append("tree ").append(i + 1).append(": ").append(arcs(tree.arcs())).append('\n');
            }
        }
        return out.toString();
    }

    private static String arcs(List<List<String>> arcs) {
        return arcs.stream().map(arc -> arc.get(0) + "→" + arc.get(1)).collect(Collectors.joining(" "));
    }
}
