package io.robber.datacast.transport;

/**
 * What receivers tell their tree's source about blocks (§4.2), a header-only packet up the tree:
 * {@link NextBlock} when the tree is ready for the next block, {@link BlockDone} when a receiver
 * holds one.
 */
sealed interface SourceSignal permits SourceSignal.NextBlock, SourceSignal.BlockDone {
    int tree();

    /** A receiver of {@code tree} has asked for every packet of the {@code knownBlocks} blocks it was given. */
    record NextBlock(int tree, int knownBlocks) implements SourceSignal {
    }

    /** Receiver node {@code receiver} holds every packet of {@code block}. */
    record BlockDone(int tree, int block, int receiver) implements SourceSignal {
    }
}
