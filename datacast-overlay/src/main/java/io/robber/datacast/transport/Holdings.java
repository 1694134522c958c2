package io.robber.datacast.transport;

import io.robber.engine.Timers;
import java.util.BitSet;

/**
 * The packets of the data one receiver node holds, whichever tree brought them: its receivers on
 * every tree record into it (a block moved from a failed tree may be partly here already, and
 * comes again). It notes when the last packet arrived.
 */
final class Holdings {
    private final Timers timers;
    private final int totalPackets;
    private final int blockPackets;
    private final BitSet held;
    private final int[] perBlock;
    private final Runnable onComplete;
    private int count;
    private long duplicates;
    private long finishNanos = -1;

    /** @param onComplete called once, when the last packet arrives */
    Holdings(Timers timers, int totalPackets, int blockPackets, Runnable onComplete) {
        this.timers = timers;
        this.totalPackets = totalPackets;
        this.blockPackets = blockPackets;
        this.held = new BitSet(totalPackets);
        this.perBlock = new int[(totalPackets + blockPackets - 1) / blockPackets];
        this.onComplete = onComplete;
    }

    /** Records packet {@code index} of the data (again: counted as a duplicate). */
    void add(int index) {
        if (held.get(index)) {
            duplicates++;
            return;
        }
        held.set(index);
        perBlock[index / blockPackets]++;
        if (++count == totalPackets) {
            finishNanos = timers.nanoTime();
            onComplete.run();
        }
    }

    /** Whether the node holds packet {@code index} of the data already. */
    boolean holds(int index) {
        return held.get(index);
    }

    boolean hasBlock(int block) {
        return perBlock[block] == Math.min(blockPackets, totalPackets - block * blockPackets);
    }

    boolean complete() {
        return count == totalPackets;
    }

    int count() {
        return count;
    }

    /** Packets received again, on any tree. */
    long duplicates() {
        return duplicates;
    }

    /** When the last packet arrived, or −1. */
    long finishNanos() {
        return finishNanos;
    }
}
