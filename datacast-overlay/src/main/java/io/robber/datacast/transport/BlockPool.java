package io.robber.datacast.transport;

import java.util.BitSet;
import java.util.TreeSet;

/**
 * The master's blocks (§4.2): those not yet handed to a tree, lowest first, and which receivers
 * hold each block. A block is delivered once every receiver holds it; the undelivered blocks of a
 * tree that failed come back to be handed out again.
 */
final class BlockPool {
    private final TreeSet<Integer> queued = new TreeSet<>();
    private final BitSet[] heldBy;
    private final int receivers;

    BlockPool(int blocks, int receivers) {
        this.receivers = receivers;
        this.heldBy = new BitSet[blocks];
        for (int b = 0; b < blocks; b++) {
            queued.add(b);
            heldBy[b] = new BitSet();
        }
    }

    /** The lowest block not handed out, now handed out, or −1. */
    int next() {
        Integer block = queued.pollFirst();
        return block == null ? -1 : block;
    }

    /** Every block not handed out, now handed out, lowest first. */
    int[] drain() {
        int[] blocks = queued.stream().mapToInt(Integer::intValue).toArray();
        queued.clear();
        return blocks;
    }

    /** The blocks b ≡ {@code i} (mod {@code k}) not handed out, now handed out: the i-th of k trees' deal. */
    int[] deal(int i, int k) {
        int[] blocks = queued.stream().mapToInt(Integer::intValue).filter(b -> b % k == i).toArray();
        for (int block : blocks) {
            queued.remove(block);
        }
        return blocks;
    }

    /** {@code block} is to be handed out again, unless every receiver holds it. */
    void requeue(int block) {
        if (!delivered(block)) {
            queued.add(block);
        }
    }

    /** Receiver node {@code receiver} holds {@code block}. */
    void held(int block, int receiver) {
        heldBy[block].set(receiver);
    }

    boolean delivered(int block) {
        return heldBy[block].cardinality() == receivers;
    }
}
