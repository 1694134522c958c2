package io.robber.emulation.virtual;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.NodePlacement;
import io.robber.emulation.runner.Emulator;
import io.robber.emulation.runner.Experiment;
import io.robber.emulation.runner.RunResult;
import io.robber.engine.Protocols;
import io.robber.sim.NodeStats;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One multicast in virtual time: the unchanged engines of every node of the scenario on a
 * {@link SimNetwork} over a {@link VirtualNetwork}, measured as the in-process {@link Experiment}
 * measures: time from the start until the last node held everything, WAN payload bytes per cluster
 * and the §4.4 overhead from every frame sent and received. No data moves, so "verified" means every
 * node holds every piece; CPU time has no meaning in virtual time and reads NaN. The timeout of the
 * settings bounds virtual time.
 */
public final class VirtualExperiment implements Emulator {
    /** Members need addresses, which no socket uses here. */
    private static final int UNUSED_PORT = 1;

    private final Experiment.Settings settings;

    public VirtualExperiment(Experiment.Settings settings) {
        this.settings = settings;
    }

    @Override
    public RunResult run(String scenario, Network network, String protocol, int repeat, double boundBytesPerSecond) {
        long size = network.dataSize();
        int pieceSize = settings.pieceSizeFor(size);
        int pieces = (int) ((size + pieceSize - 1) / pieceSize);
        Manifest manifest = Manifest.of(size, pieceSize, new byte[pieces * Manifest.DIGEST_LENGTH]);
        Group group = NodePlacement.group(network, UNUSED_PORT);
        SimResult result;
        try {
            result = SimNetwork.builder(group, Protocols.byName(protocol))
                    .options(settings.protocolOptions(network))
                    .manifest(manifest)
                    .possession(m -> m == 0 ? manifest.allPieces() : new BitSet())
                    .links(new VirtualNetwork(network, group))
                    .seed(settings.seed())
                    .maxEvents(Long.MAX_VALUE)
                    .maxTime(settings.timeout().toNanos())
                    .run();
        } catch (RuntimeException | AssertionError e) {
            return RunResult.of(scenario, protocol, repeat, size, 0, boundBytesPerSecond, 0, Double.NaN, false,
                    Map.of(), String.valueOf(e.getMessage()).lines().findFirst().orElse(e.toString()));
        }
        List<String> failures = result.failures();
        boolean complete = true;
        for (int m = 0; m < group.size(); m++) {
            complete &= result.holds(m).cardinality() == pieces;
        }
        Map<String, Long> wanIn = new LinkedHashMap<>();
        for (String cluster : group.clusters()) {
            wanIn.put(cluster, result.sum(cluster, NodeStats::pieceBytesFromGlobal));
        }
        long wire = result.total(NodeStats::bytesSent) + result.total(NodeStats::bytesReceived);
        return RunResult.of(scenario, protocol, repeat, size, result.completionTime() / 1e9, boundBytesPerSecond,
                RunResult.overheadPercent(wire, group.size(), size), Double.NaN, failures.isEmpty() && complete,
                wanIn, failures.isEmpty() ? null : failures.get(0));
    }
}
