package io.robber.datacast.rdcm;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.NodeHandler;
import io.robber.datacast.fabric.Packet;
import io.robber.datacast.multicast.MulticastManager;
import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.multicast.TreeFrame;
import io.robber.engine.DeadlineTimer;
import java.util.stream.Stream;

/**
 * The sender-repair-only baseline on the fabric in virtual time ({@link SenderRepair}): the same
 * tree, packets and sender rate as an {@link RdcmSession}, no backup overlay. The sender's pacing
 * gives each slot to a due repair first, then to the next new packet, so repairs (one multicast, or
 * one unicast per receiver missing the packet, each a slot) take the new data's place, as they
 * would on a sender's link. Receivers ACK to the sender every {@value #ACK_EVERY} packets or sooner
 * ({@link Receiver}).
 */
public final class SenderRepairSession {
    private static final int GROUP = 1;
    /**
     * A receiver ACKs at most every this many packets of the tree: an ACK per packet from every
     * receiver would overflow the sender's link (ACK implosion: 100 receivers' 64-byte ACKs are
     * 2.1 Gbit/s beside 500 Mbit/s of data). The ACK's 64-packet mask covers each packet several times.
     */
    static final int ACK_EVERY = 16;
    private final Fabric fabric;
    private final MulticastManager manager;
    private final RdcmSettings settings;
    private final RepairRoutes routes;
    private final int source;
    private final Receiver[] receivers;
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
        this.receivers = new Receiver[receivers.length];
        this.engine = new SenderRepair(tree, receivers, settings.timeoutNanos());
        this.timer = new DeadlineTimer(fabric.clock(), this::onDeadline);
        manager.install(GROUP, tree);
        manager.host(source, this::atSender);
        for (int i = 0; i < receivers.length; i++) {
            this.receivers[i] = new Receiver(receivers[i]);
            manager.host(receivers[i], this.receivers[i]);
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
        long finish = Stream.of(receivers).anyMatch(r -> r.completedAt < 0) ? -1
                : Stream.of(receivers).mapToLong(r -> r.completedAt).max().orElse(0);
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

    /**
     * A receiver: it holds what it got, and ACKs to the sender once {@value #ACK_EVERY} packets came
     * since its last ACK, at once for a repair or the last packet, and otherwise a quarter of the
     * timeout after the first packet it has not ACKed (TCP's delayed ACK), so the sender hears of
     * every packet within its timeout however slowly the new ones come.
     */
    private final class Receiver implements NodeHandler {
        private final int node;
        private final Acked held = new Acked();
        private final DeadlineTimer delayedAck = new DeadlineTimer(fabric.clock(), now -> ack());
        private long completedAt = -1;
        private int unacked;
        private int latest;

        Receiver(int node) {
            this.node = node;
        }

        @Override
        public void receive(Packet packet) {
            boolean repair = packet.payload() instanceof RdcmData;
            RdcmData data = repair ? (RdcmData) packet.payload()
                    : packet.payload() instanceof TreeFrame frame && frame.payload() instanceof RdcmData carried
                    ? carried : null;
            if (data == null) {
                return;
            }
            latest = data.sequence();
            if (held.get(latest)) {
                duplicates++;
            }
            held.cover(latest, 0, 0);
            if (completedAt < 0 && held.prefix() >= packets) {
                completedAt = fabric.clock().now();
            }
            if (++unacked >= ACK_EVERY || repair || latest == packets - 1) {
                ack();
            } else if (unacked == 1) {
                delayedAck.arm(fabric.clock().now() + settings.timeoutNanos() / 4);
            }
        }

        private void ack() {
            delayedAck.cancel();
            unacked = 0;
            acks++;
            send(node, source, settings.ackBytes(),
                    new RdcmAck(node, RdcmAck.NO_RING, latest, held.recent(latest), held.prefix()));
        }
    }
}
