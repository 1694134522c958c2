package io.robber.datacast.rdcm;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.multicast.PaperExample;
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
import java.util.Random;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RdcmSessionTest {
    private final PaperExample example = new PaperExample();

    private RdcmReport runFigure7(int packets, long seed, double loss, int... lossyArcs) {
        Fabric fabric = new Fabric(example.network, new VirtualClock(), seed);
        int[] arcs = lossyArcs.length > 0 ? lossyArcs : IntStream.range(0, example.network.arcCount()).toArray();
        for (int arc : arcs) {
            fabric.setLossRate(arc, loss);
        }
        MulticastTree tree = example.figure6();
        BackupOverlay overlay = RdcmReceiverTest.figure7(example);
        return new RdcmSession(fabric, tree, overlay, RdcmSettings.DEFAULT).run(packets);
    }

    @Test
    void withoutLossNothingIsRepairedAndEveryRepairWindowEmpties() {
        RdcmReport report = runFigure7(2000, 1, 0);
        assertThat(report.complete()).isTrue();
        assertThat(report.repairPackets()).isZero();
        assertThat(report.multicastRepairs()).isZero();
        for (RdcmReceiver receiver : report.receivers()) {
            assertThat(receiver.windowLow()).isEqualTo(2000);
            assertThat(receiver.duplicates()).isZero();
        }
        assertThat(report.treeCopies()).isEqualTo(2000L * example.figure6().arcs().length);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.001, 0.01, 0.03, 0.05})
    void withRandomLossOnEveryLinkEveryReceiverEndsHoldingEveryPacketAndRepairsAtMostTwoOthers(double loss) {
        RdcmReport report = runFigure7(3000, 7, loss);
        assertThat(report.complete()).as(describe(report)).isTrue();
        assertThat(report.maxRepairBurden()).isLessThanOrEqualTo(2);
        assertThat(report.repairPackets()).isPositive();
        assertThat(report.senderWindowLow()).isEqualTo(3000);
        for (RdcmReceiver receiver : report.receivers()) {
            assertThat(receiver.givenUp()).isZero();
            assertThat(receiver.windowLow()).as("repair window of " + receiver.self()).isEqualTo(3000);
        }
    }

    @Test
    void aLossyLinkIntoW4IsRepairedOverTheOverlayByV2NotByTheSender() {
        int intoW4 = example.arc(example.v(0), example.w(4));
        RdcmReport report = runFigure7(3000, 3, 0.1, intoW4);
        assertThat(report.complete()).isTrue();
        assertThat(report.multicastRepairs()).isZero();
        RdcmReceiver v2 = report.receivers().stream().filter(r -> r.self() == example.v(2)).findFirst().orElseThrow();
        assertThat(v2.repaired()).containsExactly(example.v(8));
        assertThat(v2.repairsSent()).isGreaterThanOrEqualTo(lostOnW4(report));
        for (RdcmReceiver receiver : report.receivers()) {
            boolean belowW4 = IntStream.of(8, 9, 10, 11, 12, 14).map(example::v).anyMatch(v -> v == receiver.self());
            assertThat(receiver.fromOverlay()).as("repairs into " + receiver.self()).isEqualTo(belowW4 ? lostOnW4(report) : 0);
        }
    }

    @Test
    void aPacketEveryReceiverLostIsMulticastAgainByTheSender() {
        int[] senderArcs = example.figure6().outArcs(example.v(0));
        RdcmReport report = runFigure7(3000, 5, 0.1, senderArcs);
        assertThat(report.complete()).isTrue();
        assertThat(report.multicastRepairs()).isBetween(5L, 100L);
    }

    @Test
    void aRandomGroupInBCube83With2PercentLossEndsComplete() {
        BCube bcube = BCube.of(8, 3, LinkProfiles.uniform(new LinkProfile(1_000_000_000L, 5_000L, 100)));
        Network network = bcube.network();
        List<Node> servers = new ArrayList<>(network.servers());
        Collections.shuffle(servers, new Random(3));
        Group group = new Group(servers.get(0), servers.subList(1, 61));
        MulticastTree tree = MulticastTree.of(network,
                MultipleSteinerTrees.on(bcube).calculate(group, FailedLinks.none()).trees().get(0));
        int[] receivers = group.receivers().stream().mapToInt(Node::index).toArray();
        BackupOverlay overlay = BackupOverlayBuild.build(tree, receivers, ProxyTieBreak.random(new SplittableRandom(3)));
        Fabric fabric = new Fabric(network, new VirtualClock(), 3);
        for (int arc = 0; arc < network.arcCount(); arc++) {
            fabric.setLossRate(arc, 0.02);
        }
        RdcmReport report = new RdcmSession(fabric, tree, overlay, RdcmSettings.DEFAULT).run(500);
        assertThat(report.complete()).isTrue();
        assertThat(report.maxRepairBurden()).isLessThanOrEqualTo(2);
    }

    private static String describe(RdcmReport report) {
        StringBuilder text = new StringBuilder("multicast repairs " + report.multicastRepairs());
        for (RdcmReceiver r : report.receivers()) {
            text.append("\n").append(r.self()).append(": holds all ").append(r.holdsAll(report.packets()))
                    .append(", given up ").append(r.givenUp()).append(", window ").append(r.windowLow())
                    .append(", from overlay ").append(r.fromOverlay()).append(", dup ").append(r.duplicates());
        }
        return text.toString();
    }

    @Test
    void whenTreeLinkW5V5FailsV1RepairsV5ThroughoutAndReportsItOnceWithTheFailedLinkInTheInferredSet() {
        Network network = example.network;
        Fabric fabric = new Fabric(network, new VirtualClock(), 11);
        MulticastTree tree = example.figure6();
        BackupOverlay overlay = RdcmReceiverTest.figure7(example);
        int failed = network.linkBetween(example.w(5), example.v(5));
        fabric.clock().schedule(20_000_000L, () -> fabric.setLinkUp(failed, false));
        RdcmReport report = new RdcmSession(fabric, tree, overlay, RdcmSettings.DEFAULT).run(3000);
        assertThat(report.complete()).isTrue();
        assertThat(report.maxRepairBurden()).isLessThanOrEqualTo(2);
        assertThat(report.linkFailures()).singleElement().satisfies(failure -> {
            assertThat(failure.reporter()).isEqualTo(example.v(1));
            assertThat(failure.successor()).isEqualTo(example.v(5));
            assertThat(failure.failedLinks()).contains(failed);
            assertThat(failure.atNanos()).isBetween(20_000_000L, 30_000_000L);
        });
    }

    @Test
    void theManagerRebuildsTheTreeWithoutTheInferredLinksAndV5IsFedByTheTreeAgain() {
        Network network = example.network;
        Fabric fabric = new Fabric(network, new VirtualClock(), 11);
        int failed = network.linkBetween(example.w(5), example.v(5));
        fabric.clock().schedule(20_000_000L, () -> fabric.setLinkUp(failed, false));
        FailedLinkSet failedLinks = new FailedLinkSet();
        RdcmReport report = figure7Session(example, fabric, failedLinks).run(3000);
        assertThat(report.complete()).isTrue();
        assertThat(report.linkFailures()).hasSize(1);
        assertThat(failedLinks.contains(failed)).isTrue();
        assertThat(report.treeVersion()).isEqualTo(2);
        RdcmReceiver v5 = report.receivers().stream().filter(r -> r.self() == example.v(5)).findFirst().orElseThrow();
        // ~2,170 packets are sent after the failure; only those until the new tree is in place come over the overlay.
        assertThat(v5.fromOverlay()).isBetween(50L, 400L);
    }

    /**
     * §3.4's re-activation: the link under v5 fails and comes back up; 20 ms after the report the
     * manager takes it out of the failed-link set and moves the group to the tree it would build now,
     * over the link again, and no new report follows.
     */
    @Test
    void aFailedLinkThatCameBackIsTakenBackIntoTheTreeWhenReactivated() {
        int failed = example.network.linkBetween(example.w(5), example.v(5));
        FailedLinkSet failedLinks = new FailedLinkSet();
        RdcmSession session = reactivatingSession(failed, 30_000_000L, failedLinks);

        RdcmReport report = session.run(3000);

        assertThat(report.complete()).isTrue();
        assertThat(report.linkFailures()).hasSize(1);
        assertThat(report.reactivations()).isEqualTo(1);
        assertThat(failedLinks.contains(failed)).isFalse();
        assertThat(report.treeVersion()).isEqualTo(3);
        assertThat(IntStream.of(session.tree().arcs()).map(Network::linkOf)).contains(failed);
    }

    /** A link still down when re-activated breaks the tree moved onto it: a second report infers it again. */
    @Test
    void aLinkStillDownWhenReactivatedIsInferredAgainAndTheGroupMovesOffIt() {
        int failed = example.network.linkBetween(example.w(5), example.v(5));
        RdcmSession session = reactivatingSession(failed, -1, new FailedLinkSet());

        RdcmReport report = session.run(3000);

        assertThat(report.complete()).isTrue();
        assertThat(report.linkFailures()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(report.linkFailures()).allSatisfy(f -> assertThat(f.failedLinks()).contains(failed));
        assertThat(report.reactivations()).isPositive();
        assertThat(IntStream.of(session.tree().arcs()).map(Network::linkOf)).doesNotContain(failed);
    }

    /**
     * Fig. 7's session with {@code failed} down from 20 ms (back up at {@code upAtNanos}, or never if
     * negative) and the inferred links re-activated 20 ms after each report.
     */
    private RdcmSession reactivatingSession(int failed, long upAtNanos, FailedLinkSet failedLinks) {
        Fabric fabric = new Fabric(example.network, new VirtualClock(), 11);
        fabric.clock().schedule(20_000_000L, () -> fabric.setLinkUp(failed, false));
        if (upAtNanos >= 0) {
            fabric.clock().schedule(upAtNanos, () -> fabric.setLinkUp(failed, true));
        }
        return figure7Session(example, fabric, failedLinks).reactivateFailedLinksAfter(20_000_000L);
    }

    /**
     * Fig. 7's overlay on Fig. 6's tree as a session on {@code fabric}, whose manager rebuilds the tree
     * as a Steiner tree around {@code failedLinks}.
     */
    static RdcmSession figure7Session(PaperExample example, Fabric fabric, FailedLinkSet failedLinks) {
        MulticastTree tree = example.figure6();
        return new RdcmSession(fabric, tree, RdcmReceiverTest.figure7(example), RdcmSettings.DEFAULT,
                TreeRebuild.steiner(MultipleSteinerTrees.on(example.bcube), example.network, tree.source()),
                failedLinks);
    }

    /** Packets v8's subtree got only over the overlay: those lost on v0→w4, the same at every receiver below. */
    private static long lostOnW4(RdcmReport report) {
        return report.receivers().stream().mapToLong(RdcmReceiver::fromOverlay).max().orElseThrow();
    }
}
