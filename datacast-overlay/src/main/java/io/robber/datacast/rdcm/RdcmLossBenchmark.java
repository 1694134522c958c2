package io.robber.datacast.rdcm;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.Port;
import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.LinkProfile;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.sim.VirtualClock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * RDCM's packet repair against the loss rate (the paper's Figs. 10–11 setting, in virtual time):
 * BCube(8,3) with 1 Gbit/s links, 5 µs delay and 100-packet queues, one seeded random group, the
 * sender at a constant rate (no congestion control), every arc losing packets at the given rate.
 * Prints per loss rate the time until every packet is ACKed, the unicast repairs and duplicates, the
 * sender's multicast repairs, the ACKs, the footprint (bytes put on all links over those of the
 * lossless run), the most receivers one repaired and the most packets one repair window held.
 *
 * <p>{@code RdcmLossBenchmark [packets=2000] [receivers=100] [seed=1]}.
 */
public final class RdcmLossBenchmark {
    private static final double[] LOSS = {0, 0.001, 0.01, 0.02, 0.05};

    private RdcmLossBenchmark() {
    }

    public static void main(String[] args) {
        int packets = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        int size = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 1;
        BCube bcube = BCube.of(8, 3, LinkProfiles.uniform(new LinkProfile(1_000_000_000L, 5_000L, 100)));
        Network network = bcube.network();
        List<Node> servers = new ArrayList<>(network.servers());
        Collections.shuffle(servers, new Random(seed));
        Group group = new Group(servers.get(0), servers.subList(1, size + 1));
        MulticastTree tree = MulticastTree.of(network,
                MultipleSteinerTrees.on(bcube).calculate(group, FailedLinks.none()).trees().get(0));
        int[] receivers = group.receivers().stream().mapToInt(Node::index).toArray();
        BackupOverlay overlay = BackupOverlayBuild.build(tree, receivers, ProxyTieBreak.random(new SplittableRandom(seed)));
        System.out.printf(Locale.ROOT, "BCube(8,3), %d receivers, tree of %d links, %d rings, %d packets at %d Mbit/s%n",
                size, tree.arcs().length, overlay.rings().size(), packets, RdcmSettings.DEFAULT.rateBitsPerSecond() / 1_000_000);
        System.out.println("loss %  | all ACKed ms | repairs/rcv | dup/rcv | sender mcast | ACKs/pkt/rcv | footprint | max repaired | max window");
        long lossless = 0;
        for (double loss : LOSS) {
            Fabric fabric = new Fabric(network, new VirtualClock(), seed);
            for (int arc = 0; arc < network.arcCount(); arc++) {
                fabric.setLossRate(arc, loss);
            }
            RdcmReport report = new RdcmSession(fabric, tree, overlay, RdcmSettings.DEFAULT).run(packets);
            long bytes = fabric.total(Port::bytesSent);
            lossless = loss == 0 ? bytes : lossless;
            double dup = report.receivers().stream().mapToLong(RdcmReceiver::duplicates).sum() / (double) size;
            System.out.printf(Locale.ROOT, "%6.1f  | %12.3f | %11.1f | %7.1f | %12d | %12.2f | %9.3f | %12d | %10d%s%n",
                    loss * 100, report.endNanos() / 1e6, report.repairPackets() / (double) size, dup,
                    report.multicastRepairs(), report.ackPackets() / (double) packets / size, bytes / (double) lossless,
                    report.maxRepairBurden(), report.maxBuffered(), report.complete() ? "" : "  INCOMPLETE");
        }
    }
}
