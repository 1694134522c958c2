package io.robber.datacast.transport;

import io.robber.datacast.fabric.Packet;
import io.robber.datacast.fabric.PacketOutput;
import io.robber.engine.Timers;
import java.util.function.Consumer;

/**
 * A receiver of one tree's blocks (§5.2): it holds w credits, spends one per interest and earns
 * it back with each data packet, asking for the packets of its {@link BlockSchedule} in order along
 * its route up the tree, the next block's as soon as the last of the current one is asked for. An interest not answered within the {@link RetransmissionTimeout} is sent again, marked as a
 * retransmission ({@link OutstandingInterests}). Data it did not ask for (or already has) is counted and dropped. It calls back
 * once, when it has every block.
 */
final class Receiver {
    private final PacketOutput output;
    private final Timers timers;
    private final int[] routeToSource;
    private final BlockSchedule schedule;
    private final int packets;
    private final int interestBytes;
    private final OutstandingInterests outstanding;
    private final Runnable onFinished;
    private final Consumer<Data> taken;
    private int credit;
    private int receivedCount;
    private int next;
    private long startNanos = -1;
    private long finishNanos = -1;
    private long duplicates;
    private long retransmissions;

    /** A receiver that hands every data packet it takes (the first copy of each) to {@code taken}. */
    Receiver(PacketOutput output, Timers timers, int[] routeToSource, BlockSchedule schedule,
            TransportSettings settings, Runnable onFinished, Consumer<Data> taken) {
        this.taken = taken;
        this.output = output;
        this.timers = timers;
        this.routeToSource = routeToSource;
        this.schedule = schedule;
        this.packets = schedule.packets();
        this.interestBytes = settings.headerBytes();
        this.outstanding = new OutstandingInterests(timers, settings.creditWindow(), packets,
                settings.minRetransmissionTimeoutNanos(), this::retransmit);
        this.onFinished = onFinished;
        this.credit = settings.creditWindow();
    }

    void start() {
        startNanos = timers.nanoTime();
        spendCredit();
    }

    void onData(Data data) {
        int position = schedule.position(data.name());
        if (position < 0 || !outstanding.answered(position)) {
            duplicates++;
            return;
        }
        receivedCount++;
        taken.accept(data);
        credit++;
        if (receivedCount == packets) {
            finishNanos = timers.nanoTime();
            onFinished.run();
        }
        spendCredit();
    }

    private void spendCredit() {
        while (credit > 0 && next < packets) {
            credit--;
            ask(next++, false);
        }
    }

    private void retransmit(int position) {
        retransmissions++;
        ask(position, true);
    }

    private void ask(int position, boolean retransmission) {
        output.send(Packet.along(routeToSource, interestBytes, new Interest(schedule.name(position), retransmission)));
        outstanding.sent(position);
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
        return receivedCount;
    }

    long retransmissions() {
        return retransmissions;
    }

    long duplicates() {
        return duplicates;
    }
}
