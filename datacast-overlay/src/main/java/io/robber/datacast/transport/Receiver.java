package io.robber.datacast.transport;

import io.robber.datacast.fabric.Packet;
import io.robber.datacast.fabric.PacketOutput;
import io.robber.engine.Timers;

/**
 * A receiver of one tree's blocks (§5.2): it holds w credits, spends one per interest and earns
 * it back with each data packet, asking for the packets of its {@link BlockSchedule} in order along
 * its route up the tree, the next block's as soon as the last of the current one is asked for, and
 * recording them in its node's {@link Holdings}. It asks for every packet of its tree's blocks, even
 * one its node holds already (a block moved from a failed tree): the tree's receivers then stay in
 * step, as the congestion control needs (one that skipped would run ahead of the others by more than
 * the caches hold, and their interests would reach the source as duplicate interests). An interest
 * not answered within the {@link RetransmissionTimeout} is sent again, marked as a retransmission
 * ({@link OutstandingInterests}). Data it did not ask for (or already has) is counted and dropped.
 * Blocks handed to its tree later are {@linkplain #append appended}; it tells the
 * {@link HandOffSignals} when it runs out of names.
 */
final class Receiver {
    private final PacketOutput output;
    private final Timers timers;
    private final int[] routeToSource;
    private final BlockSchedule schedule;
    private final Holdings holdings;
    private final HandOffSignals handOff;
    private final int interestBytes;
    private final OutstandingInterests outstanding;
    private int credit;
    private int receivedCount;
    private int next;
    private long startNanos = -1;
    private long lastDataNanos = -1;
    private long duplicates;
    private long retransmissions;

    Receiver(PacketOutput output, Timers timers, int[] routeToSource, BlockSchedule schedule,
            TransportSettings settings, Holdings holdings, HandOffSignals handOff) {
        this.output = output;
        this.timers = timers;
        this.routeToSource = routeToSource;
        this.schedule = schedule;
        this.holdings = holdings;
        this.handOff = handOff;
        this.interestBytes = settings.headerBytes();
        this.outstanding = new OutstandingInterests(timers, settings.creditWindow(), schedule.packets(),
                settings.minRetransmissionTimeoutNanos(), this::retransmit);
        this.credit = settings.creditWindow();
    }

    void start() {
        startNanos = timers.nanoTime();
        spendCredit();
    }

    /** Its tree carries {@code block} next (known already: nothing to do). */
    void append(int block) {
        if (schedule.carries(block)) {
            return;
        }
        handOff.stop();
        schedule.append(block);
        spendCredit();
    }

    void onData(Data data) {
        int position = schedule.position(data.name());
        if (position < 0 || !outstanding.answered(position)) {
            duplicates++;
            return;
        }
        receivedCount++;
        credit++;
        lastDataNanos = timers.nanoTime();
        holdings.add(schedule.index(data.name()));
        spendCredit();
    }

    private void spendCredit() {
        while (credit > 0 && next < schedule.packets()) {
            credit--;
            ask(next++, false);
        }
        if (next == schedule.packets()) {
            handOff.outOfNames(schedule.blockCount());
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

    /** Leaves the tree: no more interests or timers. */
    void stop() {
        outstanding.stop();
        handOff.stop();
    }

    boolean finished() {
        return holdings.complete();
    }

    /** When its node had the whole data, or −1. */
    long finishNanos() {
        return holdings.finishNanos();
    }

    /** When data last came on this tree, or −1. */
    long lastDataNanos() {
        return lastDataNanos;
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
