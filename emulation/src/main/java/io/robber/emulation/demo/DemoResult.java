package io.robber.emulation.demo;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.robber.emulation.runner.NodeResult;
import java.util.List;

/**
 * The outcome of a demo run ({@code robber demo}), also its {@code --json} form.
 *
 * @param bytes          size of the data set
 * @param seconds        time from the common start until the last node held every piece
 * @param throughputMBps {@code bytes / seconds / 1e6}
 * @param verified       every node completed and every copy verified
 * @param scenario       the emulated network, absent for unshaped loopback
 * @param boundMBps      the scenario's theoretical maximum throughput, 10^6 bytes/s
 * @param percentOfBound throughput as a percentage of the bound
 * @param error          why the run failed as a whole, absent on success
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DemoResult(String protocol, int clusters, int nodesPerCluster, long bytes, int pieceSize, long seed,
                         double seconds, double throughputMBps, boolean verified, List<NodeResult> nodes,
                         String scenario, Double boundMBps, Double percentOfBound, String error) {

    /** One line naming what failed, for stderr. */
    public String failureSummary() {
        List<NodeResult> failed = nodes.stream().filter(n -> !n.verified()).toList();
        StringBuilder line = new StringBuilder();
        if (!failed.isEmpty()) {
            line.append(failed.size()).append(" of ").append(nodes.size()).append(" nodes failed");
            NodeResult first = failed.get(0);
            line.append(" (first: ").append(first.id()).append(": ")
                    .append(first.error() != null ? first.error() : "its copy does not match the root's SHA-256")
                    .append(')');
        }
        if (error != null) {
            line.append(line.length() > 0 ? "; " : "").append(error);
        }
        return line.toString();
    }
}
