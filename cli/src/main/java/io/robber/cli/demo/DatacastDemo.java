package io.robber.cli.demo;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.LoopbackFabric;
import io.robber.datacast.fabric.Port;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.transport.DataSet;
import io.robber.datacast.transport.DatacastCodec;
import io.robber.datacast.transport.DatacastNodes;
import io.robber.datacast.transport.DatacastTransfer;
import io.robber.datacast.transport.Payloads;
import io.robber.datacast.transport.ReceivedCopies;
import io.robber.datacast.transport.TransferReport;
import io.robber.datacast.transport.TransportSettings;
import io.robber.sim.VirtualClock;
import java.time.Duration;
import java.util.List;

/**
 * Datacast's demo: a group's data over its edge-disjoint Steiner trees, on the fabric in real time on
 * loopback (every node a relay on its own address, every packet real bytes, every receiver's copy
 * checked) or in virtual time (no bytes). The links run at the topology's rates, time-scaled so that the
 * standard link runs at the plan's link rate; the transport has the paper's testbed settings (§7.2.2:
 * C = 512 KB, δ = 125 Mbit/s, T = 1 ms) time-scaled the same way.
 */
final class DatacastDemo {
    /** The paper's testbed (§7.2.2), for 1 Gbit/s links. */
    static final TransportSettings TESTBED = TransportSettings.PAPER.withCacheBytes(512_000)
            .withRateIncrease(125_000_000L);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

    /** One run's inputs, the trees already planned around {@code failed}. */
    record Plan(String topology, Network network, Group group, FailedLinks failed, List<SteinerTree> trees,
            long linkRateBitsPerSecond, int size, int blockPackets, long seed, boolean virtual, Duration timeout) {
        TransportSettings settings() {
            return TESTBED.timeScaled(linkRateBitsPerSecond / 1e9);
        }

        int[] receivers() {
            return group.receivers().stream().mapToInt(node -> node.index()).toArray();
        }
    }

    private DatacastDemo() {
    }

    static DatacastDemoResult run(Plan plan) throws InterruptedException {
        TransportSettings settings = plan.settings();
        if (plan.virtual()) {
            Fabric fabric = new Fabric(plan.network(), new VirtualClock(), plan.seed());
            prepare(fabric, plan);
            int packets = (plan.size() - 1) / settings.payloadBytes() + 1;
            DatacastTransfer transfer = new DatacastTransfer(new DatacastNodes(fabric), plan.trees(), plan.receivers(),
                    packets, plan.blockPackets(), settings, Payloads.NONE);
            transfer.start();
            List<TransferReport> reports = transfer.runUntilFinished(plan.timeout().toNanos());
            return result(plan, fabric, reports, packets, null, null);
        }
        DataSet data = DataSet.random(plan.size(), plan.seed(), settings.payloadBytes(), plan.blockPackets());
        ReceivedCopies copies = new ReceivedCopies(data, plan.receivers());
        try (LoopbackFabric loopback = LoopbackFabric.open(plan.network(), plan.seed(), DatacastCodec.INSTANCE,
                CONNECT_TIMEOUT)) {
            Fabric fabric = loopback.fabric();
            prepare(fabric, plan);
            DatacastTransfer transfer = new DatacastTransfer(new DatacastNodes(fabric), plan.trees(), plan.receivers(),
                    data.packets(), plan.blockPackets(), settings, copies);
            loopback.run(transfer::start, transfer::finished, plan.timeout());
            List<TransferReport> reports = loopback.call(transfer::stop);
            boolean verified = loopback.call(copies::verified);
            Wire wire = new Wire(loopback.wallNanos() / 1e9, loopback.wireBytes(), loopback.wireFrames(),
                    loopback.wireWrites());
            return result(plan, fabric, reports, data.packets(), verified, wire);
        }
    }

    /** The failed links down. */
    private static void prepare(Fabric fabric, Plan plan) {
        for (int link : plan.failed().links()) {
            fabric.setLinkUp(link, false);
        }
    }

    /** What the trees carry together, bit/s: each tree at the rate of its slowest link. */
    static double treesRate(Plan plan) {
        double rate = 0;
        for (SteinerTree tree : plan.trees()) {
            long slowest = Long.MAX_VALUE;
            for (int arc : tree.arcs()) {
                slowest = Math.min(slowest, plan.network().link(Network.linkOf(arc)).profile().capacityBitsPerSecond());
            }
            rate += slowest;
        }
        return rate;
    }

    /** What a loopback run adds: its wall-clock time and the sockets' counts. */
    private record Wire(double wallSeconds, long bytes, long frames, long writes) {
    }

    private static DatacastDemoResult result(Plan plan, Fabric fabric, List<TransferReport> reports, int packets,
            Boolean verified, Wire wire) {
        TransportSettings settings = plan.settings();
        long finish = 0;
        long newData = 0;
        long duplicateData = 0;
        long cacheHits = 0;
        long retransmissions = 0;
        boolean complete = true;
        double stressBytes = 0;
        double treeBytes = 0;
        for (int t = 0; t < reports.size(); t++) {
            TransferReport report = reports.get(t);
            for (TransferReport.ReceiverReport receiver : report.receivers()) {
                finish = Math.max(finish, receiver.finishNanos());
                retransmissions += receiver.retransmissions();
            }
            complete &= report.complete();
            newData += report.newData();
            duplicateData += report.duplicateData();
            cacheHits += report.sourceCacheHits() + report.branchingCacheHits();
            int[] arcs = plan.trees().get(t).arcs();
            for (int arc : arcs) {
                stressBytes += fabric.port(arc).dataBytesSent();
            }
            treeBytes += (double) report.packets() * settings.mtuBytes() * arcs.length;
        }
        double finishSeconds = finish / 1e9;
        double ideal = plan.size() * 8.0 / treesRate(plan);
        List<Integer> treeLinks = plan.trees().stream().map(tree -> tree.arcs().length).toList();
        return new DatacastDemoResult("datacast", plan.virtual() ? "virtual" : "loopback", plan.topology(),
                plan.group().source().name(), plan.group().receivers().size(), plan.failed().count(),
                plan.trees().size(), treeLinks, plan.linkRateBitsPerSecond() / 1e6, plan.size(), packets,
                plan.blockPackets(), plan.seed(), finishSeconds,
                finish > 0 ? plan.size() * 8.0 / finishSeconds / 1e6 : 0, ideal, finish > 0 ? finishSeconds / ideal : 0,
                stressBytes / treeBytes, newData == 0 ? 0 : (double) duplicateData / newData, cacheHits,
                retransmissions, fabric.total(Port::drops), complete,
                verified == null ? null : verified && complete, wire == null ? null : wire.wallSeconds(),
                wire == null ? null : wire.bytes(), wire == null ? null : wire.frames(),
                wire == null ? null : wire.writes());
    }
}
