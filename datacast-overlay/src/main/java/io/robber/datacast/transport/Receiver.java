package io.robber.datacast.transport;

import io.robber.datacast.fabric.Packet;
import io.robber.datacast.fabric.PacketOutput;
import io.robber.engine.Timers;
import java.util.function.Consumer;

/**
 * A receiver of one tree's blocks (§5.2): it holds w credits (reached by a slow start, see
 * {@link #INITIAL_WINDOW}), spends one per interest and earns it back with each data packet, asking for the packets of its {@link BlockSchedule} in order along
 * its route up the tree, the next block's as soon as the last of the current one is asked for, and
 * recording them in its node's {@link Holdings}. It asks for every packet of its tree's blocks, even
 * one its node holds already (a block moved from a failed tree): the tree's receivers then stay in
 * step, as the congestion control needs (one that skipped would run ahead of the others by more than
 * the caches hold, and their interests would reach the source as duplicate interests). An interest
 * not answered within the {@link RetransmissionTimeout} is sent again, marked as a retransmission
 * ({@link OutstandingInterests}). Data it did not ask for (or already has) is counted and dropped.
 * Blocks handed to its tree later are {@linkplain #append appended}; it tells the
 * {@link HandOffSignals} when it runs out of names. Each packet new to its node goes on to the
 * transfer's {@link Payloads} (on loopback, with its bytes).
 */
final class Receiver {
    /**
     * The credits a receiver starts with when its w is larger: the paper's w, which saturates a
     * 200 µs round trip at 1 Gbit/s. Each data packet then returns its credit and adds one more
     * until w, so the window doubles every round trip (TCP's slow start) instead of w interests
     * leaving at once: on Torus(16,3), 100 at once behind a relayed tree's data overflowed a
     * receiver's port, and the lost interests waited out the initial RTO.
     */
    static final int INITIAL_WINDOW = 16;

    private final PacketOutput output;
    private final Timers timers;
    private final int[] routeToSource;
    private final BlockSchedule schedule;
    private final Holdings holdings;
    private final HandOffSignals handOff;
    private final int interestBytes;
    private final OutstandingInterests outstanding;
    private final Consumer<Data> taken;
    private final int window;
    private int granted;
    private int credit;
    private int receivedCount;
    private int next;
    private long startNanos = -1;
    private long lastDataNanos = -1;
    private long duplicates;
    private long retransmissions;

    /** A receiver that hands every data packet new to its node (the first copy of each) to {@code taken}. */
    Receiver(PacketOutput output, Timers timers, int[] routeToSource, BlockSchedule schedule,
            TransportSettings settings, Holdings holdings, HandOffSignals handOff, Consumer<Data> taken) {
        this.taken = taken;
        this.output = output;
        this.timers = timers;
        this.routeToSource = routeToSource;
        this.schedule = schedule;
        this.holdings = holdings;
        this.handOff = handOff;
        this.interestBytes = settings.headerBytes();
        this.outstanding = new OutstandingInterests(timers, settings.creditWindow(), schedule.packets(),
                settings.minRetransmissionTimeoutNanos(), this::retransmit);
        this.window = settings.creditWindow();
        this.granted = Math.min(window, INITIAL_WINDOW);
        this.credit = granted;
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
        if (granted < window) {
            granted++;
            credit++;
        }
        lastDataNanos = timers.nanoTime();
        int index = schedule.index(data.name());
        if (!holdings.holds(index)) {
            taken.accept(data);
        }
        holdings.add(index);
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

    /**
     * Records the interest as outstanding, then sends it: a cache at the receiver's own node may
     * answer it at once, and the data must then find it outstanding.
     */
    private void ask(int position, boolean retransmission) {
        outstanding.sent(position);
        output.send(Packet.along(routeToSource, interestBytes, new Interest(schedule.name(position), retransmission)));
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
