package io.robber.datacast.transport;

import io.robber.datacast.signalling.SignallingAgent.Acknowledged;
import io.robber.datacast.transport.TreeSignal.BlockAnnouncement;
import java.util.Collection;

/**
 * The master's blocks and the trees they go to (§4.2). Each tree starts with one block, and when a
 * receiver of it asks for the next ({@link NextBlock}), it gets the lowest block no tree has had,
 * announced down the tree. The announcement's aggregated ACK also tallies the receivers holding
 * the tree's oldest block not known to be delivered, so the master learns which blocks every
 * receiver has without an ACK from each. A tree with {@link #LEAD} blocks not known to be delivered
 * gets no more: its requests are answered by an announcement of no block, only asking, until its
 * receivers catch up (one may be cut off by a failure not yet reported). Blocks of a tree that fails
 * and are not known delivered come back; the trees that asked when none was left get them.
 * {@link BlockFeed#DEALT} instead deals every block out at the start.
 */
final class BlockHandOff {
    /** The blocks a tree may hold not known to be delivered before it gets another. */
    static final int LEAD = 4;

    /** Sends a signalling message down a tree. */
    @FunctionalInterface
    interface Announcer {
        void announce(PlannedTree tree, TreeSignal body, Acknowledged done);
    }

    private final BlockPool pool;
    private final BlockFeed feed;
    private final Announcer announcer;
    private int handOffs;

    BlockHandOff(int blocks, BlockFeed feed, Announcer announcer) {
        this.pool = new BlockPool(blocks);
        this.feed = feed;
        this.announcer = announcer;
    }

    /** The blocks the {@code t}-th of {@code k} first trees starts with. */
    int[] firstBlocks(int t, int k) {
        return feed == BlockFeed.DEALT ? pool.deal(t, k) : first();
    }

    /** The blocks a rebuilt tree starts with: the next one, or, dealt, all those back from failed trees. */
    int[] replacementBlocks() {
        return feed == BlockFeed.DEALT ? pool.drain() : first();
    }

    private int[] first() {
        int block = pool.next();
        return block < 0 ? new int[0] : new int[] {block};
    }

    /** A receiver of {@code tree} asked for its next block. */
    void onNextBlock(PlannedTree tree, NextBlock request) {
        if (feed == BlockFeed.HANDED_OFF && request.knownBlocks() == tree.schedule.blockCount()) {
            handOff(tree);
        }
    }

    private void handOff(PlannedTree tree) {
        if (undelivered(tree) >= LEAD) {
            if (!tree.asking) {
                tree.asking = true;
                announce(tree, -1);
            }
            return;
        }
        int block = pool.next();
        tree.waiting = block < 0;
        if (block >= 0) {
            handOffs++;
            announce(tree, block);
        }
    }

    /** Announces {@code block} (−1: none) and asks about the tree's oldest block not known delivered. */
    private void announce(PlannedTree tree, int block) {
        int query = -1;
        for (int i = 0; i < tree.schedule.blockCount() && query < 0; i++) {
            query = pool.isDelivered(tree.schedule.block(i)) ? -1 : tree.schedule.block(i);
        }
        if (block >= 0) {
            tree.schedule.append(block);
        }
        int asked = query;
        int members = tree.encoded.receivers();
        announcer.announce(tree, new BlockAnnouncement(tree.id, block, query), (count, holding) -> {
            if (asked >= 0 && holding == members) {
                pool.delivered(asked);
            }
            if (block < 0) {
                tree.asking = false;
            }
        });
    }

    private int undelivered(PlannedTree tree) {
        int count = 0;
        for (int i = 0; i < tree.schedule.blockCount(); i++) {
            count += pool.isDelivered(tree.schedule.block(i)) ? 0 : 1;
        }
        return count;
    }

    /** A failed tree's blocks not known to be delivered are to be handed out again. */
    void takeBack(PlannedTree tree) {
        for (int i = 0; i < tree.schedule.blockCount(); i++) {
            pool.requeue(tree.schedule.block(i));
        }
    }

    /** After a repair: the blocks taken back go to the trees waiting for one (dealt: to the first tree). */
    void handOutTakenBack(Collection<PlannedTree> live) {
        if (feed == BlockFeed.DEALT) {
            PlannedTree first = live.iterator().next();
            for (int block : pool.drain()) {
                handOffs++;
                announce(first, block);
            }
            return;
        }
        for (PlannedTree tree : live) {
            if (tree.waiting) {
                handOff(tree);
            }
        }
    }

    int handOffs() {
        return handOffs;
    }

    /** Blocks the announcements' aggregated ACKs showed every receiver holds. */
    int deliveredBlocks() {
        return pool.deliveredCount();
    }
}
