package io.robber.datacast.transport;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.steiner.TreeRepair;
import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Fattree;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.transport.DatacastOutcome.TreeSetUp;
import io.robber.sim.VirtualClock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The block hand-off (§4.2) and the repair of a tree under a failed link (§4.1.3), in virtual time,
 * seed 3, blocks of 250 packets: {@code RepairBenchmark [packets] [fail at ms] [detection ms] [scale]}.
 * <ul>
 *   <li>BCube(4,1)'s two trees to Table 1's group with ⟨0,0⟩→02 (on tree 1 only) at 100 Mbit/s:
 *       blocks dealt in advance against handed off;</li>
 *   <li>the same without the slow arc, and with tree 1 alone;</li>
 *   <li>the same two trees, and Fattree(4,3)'s one tree to its 15 other servers: the
 *       finish time with the link 01—⟨1,1⟩ (BCube) or the tree's second link (Fattree) taken down
 *       mid-transfer against without, and the signalling that set the rebuilt tree up;</li>
 *   <li>the repair's computation, timed in this JVM (median of 1,001 runs);</li>
 *   <li>with {@code scale}, BCube(8,3)'s four trees to 256 random receivers (seed 1), the sixth link
 *       of tree 1 taken down: the set-up of a tree of hundreds of nodes.</li>
 * </ul>
 */
public final class RepairBenchmark {
    private static final int BLOCK = 250;

    private RepairBenchmark() {
    }

    private record Setup(Network network, Group group, List<SteinerTree> trees, int[] receivers) {
        static Setup of(Topology topology, Group group) {
            return new Setup(topology.network(), group,
                    MultipleSteinerTrees.on(topology).calculate(group, FailedLinks.none()).trees(),
                    group.receivers().stream().mapToInt(node -> node.index()).toArray());
        }

        int link(String a, String b) {
            return network.linkBetween(network.node(a).index(), network.node(b).index());
        }
    }

    private static DatacastTransfer run(Setup setup, int packets, BlockFeed feed, int slowArc, int failLink,
            long failAtNanos, long detectionNanos) {
        VirtualClock clock = new VirtualClock();
        Fabric fabric = new Fabric(setup.network, clock, 3);
        if (slowArc >= 0) {
            fabric.setRate(slowArc, CacheSizeBenchmark.SLOW_LINK_BITS_PER_SECOND);
        }
        DatacastTransfer transfer = new DatacastTransfer(new DatacastNodes(fabric), setup.trees, setup.receivers,
                packets, BLOCK, TransportSettings.PAPER, feed, detectionNanos);
        transfer.start();
        if (failLink >= 0) {
            clock.schedule(failAtNanos, () -> fabric.setLinkUp(failLink, false));
        }
        transfer.runUntilFinished(Long.MAX_VALUE);
        return transfer;
    }

    private static String blocks(DatacastTransfer transfer) {
        return Arrays.toString(transfer.reports().stream().mapToInt(TransferReport::packets).toArray());
    }

    public static void main(String[] args) {
        int packets = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        long failAt = args.length > 1 ? Math.round(Double.parseDouble(args[1]) * 1e6) : 50_000_000L;
        long detection = args.length > 2 ? Math.round(Double.parseDouble(args[2]) * 1e6) : DatacastTransfer.DETECTION_NANOS;
        BCube bcube = BCube.of(4, 1, LinkProfiles.DEFAULT);
        Network network = bcube.network();
        Setup table1 = Setup.of(bcube, new Group(network.node("00"),
                CacheSizeBenchmark.RECEIVERS.stream().map(network::node).toList()));
        System.out.printf(Locale.ROOT, "%d packets in blocks of %d, seed 3%n", packets, BLOCK);
        int slow = CacheSizeBenchmark.slowArc(network);
        for (BlockFeed feed : BlockFeed.values()) {
            DatacastTransfer transfer = run(table1, packets, feed, slow, -1, 0, detection);
            System.out.printf(Locale.ROOT, "bcube:4,1 two trees, <0,0>->02 at 100 Mbit/s, %-10s: finish %9.3f ms, "
                    + "packets per tree %s, hand-offs %d, blocks known delivered %d%n", feed,
                    transfer.outcome().finishNanos() / 1e6, blocks(transfer), transfer.outcome().handOffs(),
                    transfer.outcome().deliveredBlocks());
        }
        for (BlockFeed feed : BlockFeed.values()) {
            DatacastTransfer transfer = run(table1, packets, feed, -1, -1, 0, detection);
            DatacastOutcome outcome = transfer.outcome();
            System.out.printf(Locale.ROOT, "bcube:4,1 two trees, every link 1 Gbit/s,  %-10s: finish %9.3f ms, "
                    + "packets per tree %s, signalling %d messages + %d ACKs%n", feed, outcome.finishNanos() / 1e6,
                    blocks(transfer), outcome.signallingMessages(), outcome.signallingAcks());
        }
        Setup oneTree = new Setup(network, table1.group, table1.trees.subList(0, 1), table1.receivers);
        for (BlockFeed feed : BlockFeed.values()) {
            DatacastOutcome outcome = run(oneTree, packets, feed, -1, -1, 0, detection).outcome();
            System.out.printf(Locale.ROOT, "bcube:4,1 tree 1 alone, every link 1 Gbit/s, %-10s: finish %9.3f ms, "
                    + "hand-offs %d%n", feed, outcome.finishNanos() / 1e6, outcome.handOffs());
        }
        Fattree fattree = Fattree.of(4, 3, LinkProfiles.DEFAULT);
        Setup all = Setup.of(fattree, Group.allServers(fattree.network(), fattree.network().servers().get(0)));
        int fattreeArc = all.trees.get(0).arcs()[1];
        failures("bcube:4,1", table1, packets, table1.link("01", "<1,1>"), failAt, detection);
        failures("fattree:4,3", all, packets, Network.linkOf(fattreeArc), failAt, detection);
        if (args.length > 3 && args[3].equals("scale")) {
            BCube large = BCube.of(8, 3, LinkProfiles.DEFAULT);
            List<Node> servers = new ArrayList<>(large.network().servers());
            Collections.shuffle(servers, new Random(1));
            Setup scale = Setup.of(large, new Group(servers.get(0), servers.subList(1, 257)));
            failures("bcube:8,3 (256 receivers)", scale, packets, Network.linkOf(scale.trees.get(0).arcs()[5]), failAt,
                    detection);
        }
    }

    private static void failures(String name, Setup setup, int packets, int link, long failAt, long detection) {
        DatacastOutcome clean = run(setup, packets, BlockFeed.HANDED_OFF, -1, -1, 0, detection).outcome();
        DatacastTransfer failed = run(setup, packets, BlockFeed.HANDED_OFF, -1, link, failAt, detection);
        DatacastOutcome outcome = failed.outcome();
        System.out.printf(Locale.ROOT, "%s, %d tree(s), link %s down at %.1f ms, detected after %.1f ms: finish %.3f ms "
                + "(without: %.3f ms, +%.1f %%), complete %s, packets per tree %s%n", name, setup.trees.size(),
                setup.network.link(link), failAt / 1e6, detection / 1e6, outcome.finishNanos() / 1e6,
                clean.finishNanos() / 1e6, 100.0 * (outcome.finishNanos() - clean.finishNanos()) / clean.finishNanos(),
                outcome.complete(), blocks(failed));
        System.out.printf(Locale.ROOT, "  duplicate data at the sources: %d; packets a receiver got twice: %d in all%n",
                failed.reports().stream().mapToLong(TransferReport::duplicateData).sum(),
                outcome.members().stream().mapToLong(DatacastOutcome.Member::duplicates).sum());
        for (var repair : outcome.repairs()) {
            for (TreeSetUp setUp : repair.signals()) {
                System.out.printf(Locale.ROOT, "  rebuilt tree %d: %d nodes, %d receivers; set-up %d messages + %d ACKs, "
                        + "%d bytes; aggregated ACK from %d receivers at the root %.1f µs after the report%n", setUp.tree(),
                        setUp.nodes(), setUp.receivers(), setUp.cost().messages(), setUp.cost().acks(), setUp.cost().bytes(),
                        setUp.acknowledged(), (setUp.ackedNanos() - setUp.sentNanos()) / 1e3);
            }
        }
        FailedLinks failedLinks = FailedLinks.of(link);
        TreeRepair repair = new TreeRepair(setup.network);
        long[] nanos = new long[1001];
        for (int i = 0; i < nanos.length; i++) {
            long start = System.nanoTime();
            repair.repair(setup.group, setup.trees, failedLinks);
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        System.out.printf(Locale.ROOT, "  re-planning (TreeRepair.repair) median %.1f µs wall-clock in this JVM%n",
                nanos[nanos.length / 2] / 1e3);
    }
}
