package io.robber.datacast.rdcm;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.NodeHandler;
import io.robber.datacast.fabric.Packet;
import io.robber.datacast.multicast.MulticastManager;
import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.multicast.TreeFrame;
import io.robber.engine.DeadlineTimer;
import java.util.ArrayList;
import java.util.List;

/**
 * One RDCM group on the fabric in virtual time: the multicast manager installs the tree, the sender
 * multicasts {@code packets} at its rate, and the receivers ACK and repair over the backup overlay
 * by source-routed unicast ({@link RepairRoutes}). Each node's engine gets one timer, re-armed after
 * every event to its next deadline. A link failure report is answered with the inferred failed-link
 * set and, given a {@link TreeRebuild}, a new tree without it; the overlay is kept (its rebuild is
 * not built yet). {@link #run} returns when no event is left.
 */
public final class RdcmSession {
    private static final int GROUP = 1;
    private final Fabric fabric;
    private final MulticastManager manager;
    private final BackupOverlay overlay;
    private final RdcmSettings settings;
    private final MulticastTree tree;
    private final RepairRoutes routes;
    private final List<LinkFailureReport> linkFailures = new ArrayList<>();
    private final TreeRebuild rebuild;
    private final FailedLinkSet failedLinks;
    private final SenderHost sender;
    private final List<ReceiverHost> receivers = new ArrayList<>();
    private long repairPackets;
    private long ackPackets;

    public RdcmSession(Fabric fabric, MulticastTree tree, BackupOverlay overlay, RdcmSettings settings) {
        this(fabric, tree, overlay, settings, TreeRebuild.NONE, new FailedLinkSet());
    }

    /**
     * A session whose manager answers a link failure report by adding the inferred links to
     * {@code failedLinks} and, if that changed it, installing {@code rebuild}'s tree in place of the
     * current one (make before break). The backup overlay stays the one given.
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
            receivers.add(host);
            manager.host(r, host);
        }
    }

    /** Sends {@code packets} packets and runs until every timer has gone quiet; the outcome. */
    public RdcmReport run(int packets) {
        long interval = settings.intervalNanos();
        for (int i = 0; i < packets; i++) {
            fabric.clock().schedule(i * interval, sender::sendNext);
        }
        fabric.runUntil(Long.MAX_VALUE);
        return new RdcmReport(packets, receivers.stream().map(host -> host.engine).toList(),
                sender.engine.multicastRepairs(), sender.engine.windowLow(), repairPackets, ackPackets, manager.copies(),
                linkFailures, manager.versions(GROUP)[manager.versions(GROUP).length - 1], fabric.clock().now());
    }

    private void unicast(int from, int to, int sizeBytes, Object message) {
        fabric.send(Packet.along(routes.between(from, to), sizeBytes, message));
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
            timer.arm(nextDeadline());
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
            manager.send(GROUP, settings.dataBytes(), new RdcmData(sequence));
        }

        @Override
        public void linkFailure(int successor) {
            int[] inferred = FailedLinkInference.infer(tree, overlay, node, successor);
            linkFailures.add(new LinkFailureReport(node, successor, fabric.clock().now(), inferred));
            if (failedLinks.addAll(inferred)) {
                rebuild.avoiding(failedLinks.asFailedLinks())
                        .ifPresent(next -> manager.replace(GROUP, next, settings.timeoutNanos()));
            }
        }
    }

    private final class SenderHost extends Host {
        final RdcmSender engine;

        SenderHost(int node) {
            super(node);
            this.engine = new RdcmSender(overlay, settings.timeoutNanos(), this);
        }

        void sendNext() {
            multicast(engine.onSend(fabric.clock().now()));
            rearm();
        }

        @Override
        public void receive(Packet packet) {
            if (packet.payload() instanceof RdcmAck ack) {
                engine.onAck(ack);
                rearm();
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

        ReceiverHost(int node) {
            super(node);
            this.engine = new RdcmReceiver(node, overlay, settings.timeoutNanos(), settings.maxAttempts(),
                    settings.reportAfter(), this);
        }

        @Override
        public void receive(Packet packet) {
            long now = fabric.clock().now();
            if (packet.payload() instanceof TreeFrame frame && frame.payload() instanceof RdcmData data) {
                engine.onData(data.sequence(), false, now);
            } else if (packet.payload() instanceof RdcmData data) {
                engine.onData(data.sequence(), true, now);
            } else if (packet.payload() instanceof RdcmAck ack) {
                engine.onAck(ack);
            }
            rearm();
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
