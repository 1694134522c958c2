package io.robber.datacast.rdcm;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.NodeHandler;
import io.robber.datacast.fabric.Packet;
import io.robber.datacast.multicast.MulticastManager;
import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.multicast.TreeFrame;
import io.robber.datacast.timeline.Timeline;
import io.robber.engine.DeadlineTimer;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * One RDCM group on the fabric in virtual time: the multicast manager installs the tree, the sender
 * multicasts {@code packets} at its rate, and the receivers ACK and repair over the backup overlay
 * by source-routed unicast ({@link RepairRoutes}). Each node's engine gets one timer, re-armed after
 * every event to its next deadline. {@link #run} returns when no event is left. With
 * {@linkplain RdcmSettings#congestionControl() congestion control} (§3.5) every receiver keeps a
 * {@link ExpectedSequence} and reports its h to the sender, which sends at its rate only below the
 * slowest h ({@link ExpectedPacing}).
 *
 * <p>The {@link RdcmManager} adjusts the group as §3.4 says; the session moves its nodes to each
 * rebuilt overlay. A receiver keeps every packet it got, so its new predecessor can repair it at
 * once: the old ring need not be kept until then, as §3.4's last paragraph must for a repair window
 * that releases packets.
 */
public final class RdcmSession {
    private final Fabric fabric;
    private final RdcmManager manager;
    private final RdcmSettings settings;
    private final Set<Integer> crashed = new LinkedHashSet<>();
    private final SenderHost sender;
    private final Map<Integer, ReceiverHost> receivers = new LinkedHashMap<>();
    private Timeline timeline;
    private Runnable whenComplete = () -> { };
    private boolean complete;
    private final Map<Integer, Long> completedAt = new LinkedHashMap<>();
    private int packets;
    private long repairPackets;
    private long ackPackets;

    public RdcmSession(Fabric fabric, MulticastTree tree, BackupOverlay overlay, RdcmSettings settings) {
        this(fabric, tree, overlay, settings, TreeRebuild.NONE, new FailedLinkSet());
    }

    /**
     * A session whose manager answers a link failure report by adding the inferred links to
     * {@code failedLinks} and, if that changed it, installing {@code rebuild}'s tree in place of the
     * current one (make before break).
     */
    public RdcmSession(Fabric fabric, MulticastTree tree, BackupOverlay overlay, RdcmSettings settings,
            TreeRebuild rebuild, FailedLinkSet failedLinks) {
        this.fabric = fabric;
        this.settings = settings;
        this.manager = new RdcmManager(fabric, tree, overlay, settings, rebuild, failedLinks);
        this.sender = new SenderHost(tree.source(), overlay);
        manager.multicast().host(tree.source(), sender);
        for (int r : overlay.receivers()) {
            ReceiverHost host = new ReceiverHost(r, overlay);
            receivers.put(r, host);
            manager.multicast().host(r, host);
        }
        manager.manage(new Nodes());
    }

    /**
     * Takes the links of each link failure report out of the global failed-link set {@code nanos}
     * after the report (the paper's "periodically activated to utilize the recovered ones"), unless
     * a later report inferred them again; 0 (the default) keeps them in for good.
     */
    public RdcmSession reactivateFailedLinksAfter(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("the re-activation delay must not be negative, got " + nanos + " ns");
        }
        manager.reactivateAfter(nanos);
        return this;
    }

    /** Records the sender's rate and each receiver's, from the tree and from the overlay, into {@code timeline}. */
    public RdcmSession recordInto(Timeline timeline) {
        this.timeline = timeline;
        return this;
    }

    /**
     * Runs {@code action} once, when every receiver still in the group (neither crashed nor reported
     * failed) holds every packet: before the session goes quiet, as the last ACKs and the sender's
     * timers still run.
     */
    public RdcmSession whenComplete(Runnable action) {
        this.whenComplete = action;
        return this;
    }

    /** The multicast manager the session's nodes are hosts of, which other traffic can share. */
    public MulticastManager multicast() {
        return manager.multicast();
    }

    /** Receiver {@code receiver} crashes now: from now on it takes in, answers and repairs nothing. */
    public void crash(int receiver) {
        ReceiverHost host = receivers.get(receiver);
        if (host == null) {
            throw new IllegalArgumentException(fabric.network().node(receiver) + " is no receiver of the group");
        }
        crashed.add(receiver);
        host.stop();
        checkComplete();
    }

    private void checkComplete() {
        if (!complete && packets > 0 && receivers.keySet().stream().allMatch(r -> crashed.contains(r)
                || completedAt.containsKey(r) || manager.reportedFailed(r))) {
            complete = true;
            whenComplete.run();
        }
    }

    /** Sends {@code packets} packets and runs until every timer has gone quiet; the outcome. */
    public RdcmReport run(int packets) {
        return run(packets, Long.MAX_VALUE);
    }

    /**
     * Sends {@code packets} packets and runs until every timer has gone quiet or the virtual time
     * reaches {@code limitNanos} (the sender repeats a packet no overlay child ACKed for as long as it
     * runs: when a failure cuts every receiver off, only the limit ends the session); the outcome.
     */
    public RdcmReport run(int packets, long limitNanos) {
        this.packets = packets;
        if (settings.congestionControl()) {
            sender.pacing.start(packets);
        } else {
            long interval = settings.intervalNanos();
            for (int i = 0; i < packets; i++) {
                fabric.clock().schedule(i * interval, sender::sendNext);
            }
        }
        fabric.runUntil(limitNanos);
        int[] versions = manager.multicast().versions(RdcmManager.GROUP_ID);
        boolean everyone = receivers.keySet().stream().allMatch(r -> crashed.contains(r) || completedAt.containsKey(r));
        long finish = everyone ? completedAt.entrySet().stream().filter(e -> !crashed.contains(e.getKey()))
                .mapToLong(Map.Entry::getValue).max().orElse(0) : -1;
        return new RdcmReport(packets, receivers.values().stream().map(host -> host.engine).toList(),
                sender.engine.multicastRepairs(), sender.engine.windowLow(), repairPackets, ackPackets,
                manager.multicast().copies(), manager.linkFailures(), crashed, manager.receiverFailures(),
                versions[versions.length - 1], finish, fabric.clock().now(), manager.reactivations(),
                manager.sourceCutOffAt());
    }

    /** The tree in use now. */
    public MulticastTree tree() {
        return manager.tree();
    }

    /** The backup overlay in use now. */
    public BackupOverlay overlay() {
        return manager.overlay();
    }

    /** Sends {@code message} by unicast; while failed links cut {@code to} off, it is lost like a dropped packet. */
    private void unicast(int from, int to, int sizeBytes, Object message) {
        int[] route = manager.route(from, to);
        if (route != null) {
            fabric.send(Packet.along(route, sizeBytes, message));
        }
    }

    /** What the manager's adjustments do to the nodes. */
    private final class Nodes implements RdcmManager.Group {
        @Override
        public boolean crashed(int receiver) {
            return crashed.contains(receiver);
        }

        @Override
        public boolean complete() {
            return complete;
        }

        @Override
        public void moved(BackupOverlay rebuilt, int[] live, long now) {
            sender.engine.overlayRebuilt(rebuilt);
            for (int r : live) {
                if (!crashed.contains(r)) {
                    receivers.get(r).rejoin(rebuilt, now);
                }
            }
        }

        @Override
        public void leaving(int receiver) {
            sender.pacing.remove(receiver);
        }

        @Override
        public void left(int receiver) {
            checkComplete();
        }

        @Override
        public void holdSender() {
            sender.engine.hold();
            sender.rearm();
        }

        @Override
        public void resumeSender(long now) {
            sender.engine.resume(now);
            sender.rearm();
        }
    }

    /** A node's one timer, at its engine's next deadline. */
    private abstract class Host implements NodeHandler, RdcmOutput {
        final int node;
        private final DeadlineTimer timer = new DeadlineTimer(fabric.clock(), now -> {
            onTimer(now);
            rearm();
        });

        Host(int node) {
            this.node = node;
        }

        abstract long nextDeadline();

        abstract void onTimer(long now);

        void rearm() {
            if (!crashed.contains(node)) {
                timer.arm(nextDeadline());
            }
        }

        void stop() {
            timer.cancel();
        }

        @Override
        public void ack(int to, RdcmAck ack) {
            ackPackets++;
            unicast(node, to, settings.ackBytes(), ack);
        }

        @Override
        public void repair(int to, int sequence) {
            repairPackets++;
            unicast(node, to, settings.dataBytes(), new RdcmData(sequence));
        }

        @Override
        public void multicast(int sequence) {
            if (timeline != null) {
                timeline.sent(fabric.clock().now(), node, settings.dataBytes());
            }
            manager.multicast().send(RdcmManager.GROUP_ID, settings.dataBytes(), new RdcmData(sequence));
        }

        @Override
        public void linkFailure(int successor) {
            manager.linkFailure(node, successor);
        }

        @Override
        public void receiverFailure(int successor) {
            manager.receiverFailure(node, successor);
        }

        @Override
        public void silentTree() {
            manager.silentTree(node);
        }
    }

    private final class SenderHost extends Host {
        final RdcmSender engine;
        final ExpectedPacing pacing;

        SenderHost(int node, BackupOverlay overlay) {
            super(node);
            this.engine = new RdcmSender(overlay, settings.timeoutNanos(), settings.reportAfter(), this);
            this.pacing = new ExpectedPacing(fabric.clock(), overlay.receivers(), settings, this::sendNext);
        }

        void sendNext() {
            int sequence = engine.onSend(fabric.clock().now());
            if (!engine.held()) {
                multicast(sequence);
            }
            rearm();
        }

        @Override
        public void receive(Packet packet) {
            if (packet.payload() instanceof RdcmAck ack) {
                engine.onAck(ack);
                rearm();
            } else if (packet.payload() instanceof RdcmExpected expected) {
                pacing.report(expected.receiver(), expected.highest());
            }
        }

        @Override
        long nextDeadline() {
            return engine.nextDeadline();
        }

        @Override
        void onTimer(long now) {
            engine.onTimer(now);
        }
    }

    private final class ReceiverHost extends Host {
        final RdcmReceiver engine;
        private final ExpectedSequence expected = new ExpectedSequence();

        ReceiverHost(int node, BackupOverlay overlay) {
            super(node);
            this.engine = new RdcmReceiver(node, overlay, settings.timeoutNanos(), settings.maxAttempts(),
                    settings.reportAfter(), this);
        }

        void rejoin(BackupOverlay rebuilt, long now) {
            engine.rejoin(rebuilt, now);
            rearm();
        }

        @Override
        public void receive(Packet packet) {
            if (crashed.contains(node)) {
                return;
            }
            long now = fabric.clock().now();
            if (packet.payload() instanceof TreeFrame frame && frame.payload() instanceof RdcmData data) {
                data(data.sequence(), false, now);
                if (settings.congestionControl() && expected.onTreeData(data.sequence())) {
                    unicast(node, manager.tree().source(), settings.ackBytes(),
                            new RdcmExpected(node, expected.expected()));
                }
            } else if (packet.payload() instanceof RdcmData data) {
                data(data.sequence(), true, now);
            } else if (packet.payload() instanceof RdcmAck ack) {
                engine.onAck(ack);
            }
            rearm();
        }

        private void data(int sequence, boolean repair, long now) {
            if (timeline != null && !engine.holds(sequence)) {
                timeline.received(now, node, repair ? Timeline.Kind.OVERLAY : Timeline.Kind.TREE, settings.dataBytes());
            }
            engine.onData(sequence, repair, now);
            if (!completedAt.containsKey(node) && engine.holdsAll(packets)) {
                completedAt.put(node, now);
                checkComplete();
            }
        }

        @Override
        long nextDeadline() {
            return engine.nextDeadline();
        }

        @Override
        void onTimer(long now) {
            engine.onTimer(now);
        }
    }
}
