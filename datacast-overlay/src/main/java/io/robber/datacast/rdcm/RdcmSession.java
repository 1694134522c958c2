package io.robber.datacast.rdcm;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.NodeHandler;
import io.robber.datacast.fabric.Packet;
import io.robber.datacast.multicast.MulticastManager;
import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.multicast.TreeFrame;
import io.robber.datacast.timeline.Timeline;
import io.robber.engine.DeadlineTimer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
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
 * <p>The manager adjusts the group as §3.4 says. Reports reach it, at the source's server, over a
 * reliable connection, so not from a receiver that failed links cut off: its repairs fail for that
 * reason alone, and its receiver failure messages about its successors would be false. A link
 * failure report adds the inferred failed-link set to the global {@link FailedLinkSet} and, given a
 * {@link TreeRebuild}, installs a new tree without those links; a receiver failure report takes the
 * receiver out of the group and prunes the tree to the rest. Either way the backup overlay is built
 * again on the new tree (Fig. 8, ties to the lowest index) and every live receiver
 * {@linkplain RdcmReceiver#rejoin rejoins} it. A receiver keeps every packet it got, so its new
 * predecessor can repair it at once: the old ring need not be kept until then, as §3.4's last
 * paragraph must for a repair window that releases packets. Once every link of the source is in the
 * failed-link set, no tree reaches a receiver: the manager {@linkplain RdcmSender#hold holds} the
 * sender until a re-activation gives the source a link again.
 */
public final class RdcmSession {
    private static final int GROUP = 1;
    private final Fabric fabric;
    private final MulticastManager manager;
    private final RdcmSettings settings;
    private final List<LinkFailureReport> linkFailures = new ArrayList<>();
    private final List<ReceiverFailureReport> receiverFailures = new ArrayList<>();
    private final Set<Integer> crashed = new LinkedHashSet<>();
    private final TreeRebuild rebuild;
    private final FailedLinkSet failedLinks;
    private final SenderHost sender;
    private final Map<Integer, ReceiverHost> receivers = new LinkedHashMap<>();
    private MulticastTree tree;
    private BackupOverlay overlay;
    private RepairRoutes routes;
    private Timeline timeline;
    private Runnable whenComplete = () -> { };
    private boolean complete;
    private final Map<Integer, Long> completedAt = new LinkedHashMap<>();
    private int packets;
    private long repairPackets;
    private long ackPackets;
    private long reactivationNanos;
    private int reactivations;
    private long sourceCutOffAt = -1;

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
        this.rebuild = rebuild;
        this.failedLinks = failedLinks;
        this.manager = new MulticastManager(fabric);
        this.overlay = overlay;
        this.settings = settings;
        this.tree = tree;
        this.routes = new RepairRoutes(fabric, tree);
        manager.install(GROUP, tree);
        this.sender = new SenderHost(tree.source());
        manager.host(tree.source(), sender);
        for (int r : overlay.receivers()) {
            ReceiverHost host = new ReceiverHost(r);
            receivers.put(r, host);
            manager.host(r, host);
        }
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
        this.reactivationNanos = nanos;
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
        return manager;
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
                || completedAt.containsKey(r) || receiverFailures.stream().anyMatch(report -> report.failed() == r))) {
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
        int[] versions = manager.versions(GROUP);
        boolean everyone = receivers.keySet().stream().allMatch(r -> crashed.contains(r) || completedAt.containsKey(r));
        long finish = everyone ? completedAt.entrySet().stream().filter(e -> !crashed.contains(e.getKey()))
                .mapToLong(Map.Entry::getValue).max().orElse(0) : -1;
        return new RdcmReport(packets, receivers.values().stream().map(host -> host.engine).toList(),
                sender.engine.multicastRepairs(), sender.engine.windowLow(), repairPackets, ackPackets,
                manager.copies(), linkFailures, crashed, receiverFailures, versions[versions.length - 1], finish,
                fabric.clock().now(), reactivations, sourceCutOffAt);
    }

    /** The tree in use now. */
    public MulticastTree tree() {
        return tree;
    }

    /** The backup overlay in use now. */
    public BackupOverlay overlay() {
        return overlay;
    }

    /** Sends {@code message} by unicast; while failed links cut {@code to} off, it is lost like a dropped packet. */
    private void unicast(int from, int to, int sizeBytes, Object message) {
        int[] route = routes.between(from, to);
        if (route != null) {
            fabric.send(Packet.along(route, sizeBytes, message));
        }
    }

    /**
     * Whether a report from {@code reporter} reaches the multicast manager, at the source's server,
     * over its reliable connection: not while failed links cut the reporter off, whose repairs fail
     * for that reason alone (a report of its successor's failure would be false).
     */
    private boolean reachesManager(int reporter) {
        return routes.between(reporter, tree.source()) != null;
    }

    /**
     * §3.4: the failed-link set inferred from the report, and a new tree without it when that is news.
     * A stale report, about a ring the overlay no longer has (the reporter or its successor taken out
     * of the group meanwhile, or moved to another ring), is ignored.
     */
    private void onLinkFailure(int reporter, int successor) {
        if (overlay.successors(reporter).contains(successor)) {
            onLinkFailure(FailedLinkInference.infer(tree, overlay, reporter, successor), reporter, successor);
        }
    }

    /**
     * The inferred failed-link set into the global one, and a new tree without it when that is news;
     * with {@linkplain #reactivateFailedLinksAfter re-activation}, the links are taken out of the set
     * again later.
     */
    private void onLinkFailure(int[] inferred, int reporter, int successor) {
        long now = fabric.clock().now();
        linkFailures.add(new LinkFailureReport(reporter, successor, now, inferred));
        if (failedLinks.addAll(inferred, now)) {
            rebuild.avoiding(liveReceivers(), failedLinks.asFailedLinks()).ifPresent(this::adjust);
        }
        if (failedLinks.cutsOff(fabric.network(), tree.source()) && !sender.engine.held()) {
            sourceCutOffAt = now;
            sender.engine.hold();
            sender.rearm();
        }
        if (reactivationNanos > 0) {
            fabric.clock().schedule(reactivationNanos, () -> reactivate(inferred, now));
        }
    }

    /**
     * §3.4's periodic re-activation: the links inferred at {@code inferredAt} and not since leave the
     * global set, and while the session runs, the group moves to the tree the manager would build
     * now if it differs from the one in use. A link still down breaks that tree, and a new report
     * infers it again.
     */
    private void reactivate(int[] links, long inferredAt) {
        int[] back = failedLinks.reactivate(links, inferredAt);
        if (back.length == 0 || complete) {
            return;
        }
        reactivations++;
        if (sender.engine.held() && !failedLinks.cutsOff(fabric.network(), tree.source())) {
            sourceCutOffAt = -1;
            sender.engine.resume(fabric.clock().now());
            sender.rearm();
        }
        rebuild.avoiding(liveReceivers(), failedLinks.asFailedLinks()).filter(next -> !next.sameArcs(tree))
                .ifPresent(this::adjust);
    }

    /** §3.4: the failed receiver out of the group, the tree pruned to the others; a stale report is ignored. */
    private void onReceiverFailure(int reporter, int failed) {
        if (crashed.contains(reporter) || !overlay.successors(reporter).contains(failed)
                || receiverFailures.stream().anyMatch(report -> report.failed() == failed)) {
            return;
        }
        receiverFailures.add(new ReceiverFailureReport(reporter, failed, fabric.clock().now()));
        sender.pacing.remove(failed);
        adjust(tree.prunedTo(liveReceivers()));
        checkComplete();
    }

    /** The receivers not reported failed. */
    private int[] liveReceivers() {
        return receivers.keySet().stream().mapToInt(Integer::intValue)
                .filter(r -> receiverFailures.stream().noneMatch(report -> report.failed() == r)).toArray();
    }

    /** Installs {@code next} (make before break), builds the overlay on it and moves every live receiver to it. */
    private void adjust(MulticastTree next) {
        int[] live = liveReceivers();
        BackupOverlay rebuilt = BackupOverlayBuild.build(next, live, ProxyTieBreak.lowestIndex());
        List<String> problems = OverlayVerifier.problems(next, rebuilt);
        if (!problems.isEmpty()) {
            throw new IllegalStateException("RDCM's rebuilt backup overlay is wrong: " + String.join("; ", problems));
        }
        manager.replace(GROUP, next, settings.timeoutNanos());
        tree = next;
        overlay = rebuilt;
        routes = new RepairRoutes(fabric, next);
        long now = fabric.clock().now();
        sender.engine.overlayRebuilt(rebuilt);
        for (int r : live) {
            if (!crashed.contains(r)) {
                receivers.get(r).rejoin(rebuilt, now);
            }
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
            manager.send(GROUP, settings.dataBytes(), new RdcmData(sequence));
        }

        @Override
        public void linkFailure(int successor) {
            if (reachesManager(node)) {
                onLinkFailure(node, successor);
            }
        }

        @Override
        public void receiverFailure(int successor) {
            if (reachesManager(node)) {
                onReceiverFailure(node, successor);
            }
        }

        @Override
        public void silentTree() {
            if (liveReceivers().length > 0) {
                onLinkFailure(FailedLinkInference.nearSource(tree, overlay), node, -1);
            }
        }
    }

    private final class SenderHost extends Host {
        final RdcmSender engine;
        final ExpectedPacing pacing;

        SenderHost(int node) {
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

        ReceiverHost(int node) {
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
                    unicast(node, tree.source(), settings.ackBytes(), new RdcmExpected(node, expected.expected()));
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
