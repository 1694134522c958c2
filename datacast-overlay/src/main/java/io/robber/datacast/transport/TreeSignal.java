package io.robber.datacast.transport;

/**
 * The bodies of the signalling messages the master sends down a tree (§3, §4.2), tree-encoded and
 * split at each hop by the {@link io.robber.datacast.signalling.SignallingAgent}s.
 */
sealed interface TreeSignal permits TreeSignal.TreePlan, TreeSignal.BlockAnnouncement {
    /**
     * Tree {@code tree} is set up along the message's transmission tree: each node takes its role
     * (branching node, receiver), the receivers starting on {@code blocks} (one, or none yet; all of
     * the tree's when they are dealt out in advance).
     */
    record TreePlan(int tree, int[] blocks) implements TreeSignal {
    }

    /**
     * The block hand-off: tree {@code tree} carries {@code block} next (−1: no block, only the
     * question). The aggregated ACK counts the
     * receivers holding block {@code query} whole (−1: none asked), so the master learns which of
     * the tree's blocks every receiver has without an ACK from each.
     */
    record BlockAnnouncement(int tree, int block, int query) implements TreeSignal {
    }
}
