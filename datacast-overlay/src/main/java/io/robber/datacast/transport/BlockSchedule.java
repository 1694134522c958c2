package io.robber.datacast.transport;

import java.util.Arrays;

/**
 * The blocks one tree carries, in order (§4.2: the data split into blocks fed to the trees), and the
 * positions of their packets in that tree's stream: position p is the p-th packet the tree's
 * receivers ask for. Blocks are {@code blockPackets} long, the data's last one possibly shorter.
 */
public final class BlockSchedule {
    private final int tree;
    private final int[] blocks;
    private final int blockPackets;
    private final int[] starts;

    /**
     * @param blocks the block numbers, ascending
     * @param totalPackets the whole data's length in packets (so the last block's length)
     */
    public BlockSchedule(int tree, int[] blocks, int blockPackets, int totalPackets) {
        this.tree = tree;
        this.blocks = blocks.clone();
        this.blockPackets = blockPackets;
        this.starts = new int[blocks.length + 1];
        for (int i = 0; i < blocks.length; i++) {
            if (i > 0 && blocks[i] <= blocks[i - 1]) {
                throw new IllegalArgumentException("a tree's blocks must be ascending: " + Arrays.toString(blocks));
            }
            int length = Math.min(blockPackets, totalPackets - blocks[i] * blockPackets);
            if (length <= 0) {
                throw new IllegalArgumentException("block " + blocks[i] + " lies past the data's " + totalPackets
                        + " packets");
            }
            starts[i + 1] = starts[i] + length;
        }
    }

    /** One block of {@code packets} packets on {@code tree}. */
    public static BlockSchedule single(int tree, int packets) {
        return new BlockSchedule(tree, new int[] {0}, packets, packets);
    }

    public int tree() {
        return tree;
    }

    /** The packets of all this tree's blocks. */
    public int packets() {
        return starts[blocks.length];
    }

    /** The name of the packet at {@code position}. */
    DataName name(int position) {
        int i = Arrays.binarySearch(starts, position);
        int block = i >= 0 ? i : -i - 2;
        return new DataName(tree, blocks[block], position - starts[block]);
    }

    /** The position of {@code name} in this tree's stream, or −1 if the tree does not carry it. */
    int position(DataName name) {
        int i = name.tree() == tree ? Arrays.binarySearch(blocks, name.block()) : -1;
        if (i < 0 || name.sequence() < 0 || name.sequence() >= starts[i + 1] - starts[i]) {
            return -1;
        }
        return starts[i] + name.sequence();
    }
}
