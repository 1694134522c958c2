package io.robber.datacast.transport;

/**
 * A receiver of {@code tree} has asked for every packet of the {@code knownBlocks} blocks it was
 * given (§4.2): the tree is ready for its next block. A header-only packet up the tree to the source.
 */
record NextBlock(int tree, int knownBlocks) {
}
