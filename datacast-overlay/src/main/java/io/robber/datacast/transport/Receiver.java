package io.robber.datacast.transport;

import io.robber.datacast.fabric.Packet;
import io.robber.datacast.fabric.PacketOutput;
import io.robber.engine.Timers;
import java.util.BitSet;

/**
 * A receiver of one block on one tree (§5.2): it holds w credits, spends one per interest and earns
 * it back with each data packet, asking for the block's packets in sequence along its route up the
 * tree. An interest not answered within the {@link RetransmissionTimeout} is sent again, marked as a
 * retransmission. Data it did not ask for (or already has) is counted and dropped.
 */
final class Receiver {
    private final PacketOutput output;
    private final Timers timers;
    private final int[] routeToSource;
    private final int tree;
    private final int block;
    private final int packets;
    private final int interestBytes;
    private final RetransmissionTimeout timeout;
    private final BitSet received;
    private final BitSet retransmitted;
    private final long[] askedAt;
    private final Runnable[] pendingTimeouts;
    private int credit;
    private int next;
    private long startNanos = -1;
    private long finishNanos = -1;
    private long duplicates;

    Receiver(PacketOutput output, Timers timers, int[] routeToSource, DataName first, int packets,
            TransportSettings settings) {
        this.output = output;
        this.timers = timers;
        this.routeToSource = routeToSource;
        this.tree = first.tree();
        this.block = first.block();
        this.packets = packets;
        this.interestBytes = settings.headerBytes();
        this.timeout = new RetransmissionTimeout(settings.minRetransmissionTimeoutNanos());
        this.received = new BitSet(packets);
        this.retransmitted = new BitSet(packets);
        this.askedAt = new long[packets];
        this.pendingTimeouts = new Runnable[packets];
        this.credit = settings.creditWindow();
    }

    void start() {
        startNanos = timers.nanoTime();
        spendCredit();
    }

    void onData(Data data) {
        int sequence = data.name().sequence();
        if (data.name().tree() != tree || data.name().block() != block || received.get(sequence)) {
            duplicates++;
            return;
        }
        received.set(sequence);
        pendingTimeouts[sequence].run();
        pendingTimeouts[sequence] = null;
        if (!retransmitted.get(sequence)) {
            timeout.sample(timers.nanoTime() - askedAt[sequence]);
        }
        credit++;
        if (received.cardinality() == packets) {
            finishNanos = timers.nanoTime();
        }
        spendCredit();
    }

    private void spendCredit() {
        while (credit > 0 && next < packets) {
            credit--;
            ask(next++, false);
        }
    }

    private void ask(int sequence, boolean retransmission) {
        askedAt[sequence] = timers.nanoTime();
        output.send(Packet.along(routeToSource, interestBytes,
                new Interest(new DataName(tree, block, sequence), retransmission)));
        pendingTimeouts[sequence] = timers.schedule(timeout.nanos(), () -> expire(sequence));
    }

    private void expire(int sequence) {
        timeout.backOff();
        retransmitted.set(sequence);
        ask(sequence, true);
    }

    boolean finished() {
        return finishNanos >= 0;
    }

    /** When the last packet arrived, or −1. */
    long finishNanos() {
        return finishNanos;
    }

    long startNanos() {
        return startNanos;
    }

    int receivedPackets() {
        return received.cardinality();
    }

    long retransmissions() {
        return retransmitted.cardinality();
    }

    long duplicates() {
        return duplicates;
    }
}
