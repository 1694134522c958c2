package io.robber.datacast.transport;

/** How a {@link DatacastTransfer} feeds its blocks to the trees. */
public enum BlockFeed {
    /**
     * §4.2: each tree starts with one block, and when its receivers have asked for all of it, the
     * master hands it the lowest block no tree has had, by signalling; a slower tree carries fewer.
     */
    HANDED_OFF,
    /**
     * Dealt out in advance, block b to the (b mod k)-th of k trees, with no hand-off: a slower tree
     * finishes later. The baseline the hand-off is measured against.
     */
    DEALT
}
