package io.robber.emulation.virtual;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.ProtocolOptions;
import io.robber.emulation.runner.GroupOutcome;
import io.robber.emulation.runner.NodeResult;
import io.robber.emulation.runner.Traffic;
import io.robber.engine.Protocols;
import io.robber.sim.NodeStats;
import io.robber.sim.SimBuilder;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import io.robber.sim.Topology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The one way to run a group in virtual time: the unchanged engines of every member on a
 * {@link SimNetwork} over {@code topology}, one multicast from member 0 (holding everything), measured
 * like {@link io.robber.emulation.runner.GroupRun}. No data moves, so a node counts as verified when
 * it holds every piece; CPU time has no meaning here and reads NaN; the timeout bounds virtual time.
 */
public final class VirtualRun {
    private VirtualRun() {
    }

    /** One multicast of {@code protocol} over {@code topology} from member 0, without a time limit. */
    public static SimBuilder builder(Group group, Topology topology, String protocol, ProtocolOptions options,
                                     Manifest manifest, long seed) {
        return SimNetwork.builder(group, Protocols.byName(protocol))
                .options(options)
                .manifest(manifest)
                .possession(m -> m == 0 ? manifest.allPieces() : new BitSet())
                .links(topology)
                .seed(seed)
                .maxEvents(Long.MAX_VALUE);
    }

    /** Runs {@code protocol} over {@code topology}; the pieces of {@code manifest} carry no data. */
    public static GroupOutcome run(Group group, Topology topology, String protocol, ProtocolOptions options,
                                   Manifest manifest, long seed, Duration timeout) {
        SimResult result;
        try {
            result = builder(group, topology, protocol, options, manifest, seed).maxTime(timeout.toNanos()).run();
        } catch (RuntimeException | AssertionError e) {
            String message = String.valueOf(e.getMessage());
            return new GroupOutcome(List.of(), 0, Double.NaN, 0, 0, message.lines().findFirst().orElse(e.toString()));
        }
        List<NodeResult> nodes = new ArrayList<>();
        long wire = 0;
        long messages = 0;
        for (int m = 0; m < group.size(); m++) {
            NodeStats s = result.node(m);
            boolean complete = result.holds(m).cardinality() == manifest.pieceCount();
            nodes.add(new NodeResult(group.member(m).id(), group.member(m).cluster(),
                    s.localCompleteAt() < 0 ? null : GroupOutcome.seconds(s.localCompleteAt()),
                    complete && s.failure() == null,
                    new Traffic(s.pieceBytesFromLocal(), s.pieceBytesFromGlobal()),
                    new Traffic(s.pieceBytesToLocal(), s.pieceBytesToGlobal()), s.piecesStolen(), s.failure()));
            wire += s.bytesSent() + s.bytesReceived();
            messages += s.messagesSent();
        }
        return new GroupOutcome(nodes, GroupOutcome.seconds(result.completionTime()), Double.NaN, wire, messages,
                null);
    }
}
