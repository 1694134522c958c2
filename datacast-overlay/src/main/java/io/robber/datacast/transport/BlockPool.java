package io.robber.datacast.transport;

import java.util.TreeSet;

/**
 * The master's blocks (§4.2): those not yet handed to a tree, lowest first, and those known to be
 * delivered (every receiver holds them). The undelivered blocks of a tree that failed come back to
 * be handed out again.
 */
final class BlockPool {
    private final TreeSet<Integer> queued = new TreeSet<>();
    private final boolean[] delivered;

    BlockPool(int blocks) {
        this.delivered = new boolean[blocks];
        for (int b = 0; b < blocks; b++) {
            queued.add(b);
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
        if (!delivered[block]) {
            queued.add(block);
        }
    }

    /** Every receiver holds {@code block}. */
    void delivered(int block) {
        delivered[block] = true;
    }

    /** How many blocks are known to be delivered. */
    int deliveredCount() {
        int count = 0;
        for (boolean d : delivered) {
            count += d ? 1 : 0;
        }
        return count;
    }

    boolean isDelivered(int block) {
        return delivered[block];
    }
}
