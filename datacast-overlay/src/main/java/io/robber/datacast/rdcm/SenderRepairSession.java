package io.robber.datacast.rdcm;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.NodeHandler;
import io.robber.datacast.fabric.Packet;
import io.robber.datacast.multicast.MulticastManager;
import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.multicast.TreeFrame;
import io.robber.engine.DeadlineTimer;
import java.util.stream.LongStream;

/**
 * The sender-repair-only baseline on the fabric in virtual time ({@link SenderRepair}): the same
 * tree, packets and sender rate as an {@link RdcmSession}, no backup overlay. The sender's pacing
 * gives each slot to a due repair first, then to the next new packet, so repairs (one multicast, or
 * one unicast per receiver missing the packet, each a slot) take the new data's place, as they
 * would on a sender's link. Every receiver ACKs each data packet it gets to the sender.
 */
public final class SenderRepairSession {
    private static final int GROUP = 1;
    private final Fabric fabric;
    private final MulticastManager manager;
    private final RdcmSettings settings;
    private final RepairRoutes routes;
    private final int source;
    private final int[] receivers;
    private final Acked[] held;
    private final long[] completedAt;
    private final SenderRepair engine;
    private final DeadlineTimer timer;
    private final SenderRepair.Repairs repairs = new SenderRepair.Repairs() {
        @Override
        public void multicast(int sequence) {
            SenderRepairSession.this.multicast(sequence);
        }

        @Override
        public void unicast(int receiver, int sequence) {
            send(source, receiver, settings.dataBytes(), new RdcmData(sequence));
        }
    };

    private int packets;
    private int next;
    private boolean pacing;
    private long duplicates;
    private long acks;

    public SenderRepairSession(Fabric fabric, MulticastTree tree, int[] receivers, RdcmSettings settings) {
        this.fabric = fabric;
        this.settings = settings;
        this.manager = new MulticastManager(fabric);
        this.routes = new RepairRoutes(fabric, tree);
        this.source = tree.source();
        this.receivers = receivers.clone();
        this.held = new Acked[receivers.length];
        this.completedAt = new long[receivers.length];
        this.engine = new SenderRepair(tree, receivers, settings.timeoutNanos());
        this.timer = new DeadlineTimer(fabric.clock(), this::onDeadline);
        manager.install(GROUP, tree);
        manager.host(source, this::atSender);
        for (int i = 0; i < receivers.length; i++) {
            int slot = i;
            held[i] = new Acked();
            completedAt[i] = -1;
            manager.host(receivers[i], packet -> atReceiver(slot, packet));
        }
    }

    /**
     * Sends {@code packets} packets and runs until every timer has gone quiet or the virtual time
     * reaches {@code limitNanos} (a receiver cut off by a failed link is repaired for as long as it runs).
     */
    public SenderRepairReport run(int packets, long limitNanos) {
        this.packets = packets;
        startPacing();
        fabric.runUntil(limitNanos);
        long finish = LongStream.of(completedAt).anyMatch(at -> at < 0) ? -1 : LongStream.of(completedAt).max()
                .orElse(0);
        return new SenderRepairReport(packets, finish, fabric.clock().now(), engine.multicasts(), engine.unicasts(),
                acks, duplicates);
    }

    private void onDeadline(long now) {
        engine.onTimer(now);
        startPacing();
        timer.arm(engine.nextDeadline());
    }

    private void startPacing() {
        if (!pacing) {
            pacing = true;
            slot();
        }
    }

    /** One slot of the sender's rate: a due repair if any, else the next new packet, else idle until one is due. */
    private void slot() {
        long now = fabric.clock().now();
        int used = engine.hasDue() ? engine.repair(now, repairs) : 0;
        if (used == 0 && next < packets) {
            multicast(engine.onSend(now));
            next++;
            used = 1;
        }
        timer.arm(engine.nextDeadline());
        if (used == 0) {
            pacing = false;
            return;
        }
        fabric.clock().schedule(used * settings.intervalNanos(), this::slot);
    }

    private void multicast(int sequence) {
        manager.send(GROUP, settings.dataBytes(), new RdcmData(sequence));
    }

    private void send(int from, int to, int sizeBytes, Object message) {
        int[] route = routes.between(from, to);
        if (route != null) {
            fabric.send(Packet.along(route, sizeBytes, message));
        }
    }

    private void atSender(Packet packet) {
        if (packet.payload() instanceof RdcmAck ack) {
            engine.onAck(ack);
        }
    }

    private void atReceiver(int slot, Packet packet) {
        RdcmData data = packet.payload() instanceof RdcmData direct ? direct
                : packet.payload() instanceof TreeFrame frame
                        && frame.payload() instanceof RdcmData carried ? carried : null;
        if (data == null) {
            return;
        }
        int sequence = data.sequence();
        Acked have = held[slot];
        if (have.get(sequence)) {
            duplicates++;
        }
        have.cover(sequence, 0, 0);
        int below = have.prefix();
        if (completedAt[slot] < 0 && below >= packets) {
            completedAt[slot] = fabric.clock().now();
        }
        acks++;
        send(receivers[slot], source, settings.ackBytes(),
                new RdcmAck(receivers[slot], RdcmAck.NO_RING, sequence, have.recent(sequence), below));
    }
}
