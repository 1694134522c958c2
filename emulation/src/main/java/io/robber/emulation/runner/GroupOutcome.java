package io.robber.emulation.runner;

import io.robber.api.Group;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How one multicast over a whole group went, on either backend.
 *
 * @param nodes             every member, in group order
 * @param seconds           from the common start until the last node held every piece
 * @param cpuSecondsPerNode CPU seconds of Robber's threads per node; NaN in virtual time
 * @param wireBytes         bytes sent plus bytes received by all nodes: payload, headers and control
 * @param messagesSent      control messages (everything but pieces) the engines of all nodes sent
 * @param error             why the run failed as a whole, or null
 */
public record GroupOutcome(List<NodeResult> nodes, double seconds, double cpuSecondsPerNode, long wireBytes,
                           long messagesSent, String error) {
    public GroupOutcome {
        nodes = List.copyOf(nodes);
    }

    /** No run error, and every node verified. */
    public boolean verified() {
        return error == null && nodes.stream().allMatch(NodeResult::verified);
    }

    /** Piece payload bytes all nodes received, from any peer. */
    public long payloadBytesIn() {
        return nodes.stream().mapToLong(n -> n.bytesIn().local() + n.bytesIn().global()).sum();
    }

    /** Payload bytes each cluster received from other clusters, in the group's cluster order. */
    public Map<String, Long> wanBytesIn(Group group) {
        Map<String, Long> in = new LinkedHashMap<>();
        group.clusters().forEach(c -> in.put(c, 0L));
        nodes.forEach(n -> in.merge(n.cluster(), n.bytesIn().global(), Long::sum));
        return in;
    }

    /** The run error, else the first node's error, else null. */
    public String firstError() {
        if (error != null) {
            return error;
        }
        return nodes.stream().map(NodeResult::error).filter(e -> e != null).findFirst().orElse(null);
    }

    /** Nanoseconds as seconds, to the microsecond. */
    public static double seconds(long nanos) {
        return Math.round(nanos / 1e3) / 1e6;
    }
}
