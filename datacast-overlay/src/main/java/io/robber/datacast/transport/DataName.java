package io.robber.datacast.transport;

/**
 * The name of one data packet (§5.1, after CCN): the tree carrying it, the block, and the packet's
 * sequence number in the block. Interests ask for a name; data answers it.
 */
public record DataName(int tree, int block, int sequence) {
}
