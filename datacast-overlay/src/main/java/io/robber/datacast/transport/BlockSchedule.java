package io.robber.datacast.transport;

import java.util.Arrays;

/**
 * The blocks one tree carries, in order (§4.2: the data split into blocks fed to the trees), and the
 * positions of their packets in that tree's stream: position p is the p-th packet the tree's
 * receivers ask for. Blocks are {@code blockPackets} long, the data's last one possibly shorter. A
 * tree's schedule grows as blocks are {@linkplain #append handed} to it.
 */
public final class BlockSchedule {
    private final int tree;
    private final int blockPackets;
    private final int totalPackets;
    private int[] blocks = new int[4];
    private int[] starts = new int[5];
    private int count;

    /**
     * @param blocks the block numbers, in the order the tree carries them
     * @param totalPackets the whole data's length in packets (so the last block's length)
     */
    public BlockSchedule(int tree, int[] blocks, int blockPackets, int totalPackets) {
        this.tree = tree;
        this.blockPackets = blockPackets;
        this.totalPackets = totalPackets;
        for (int block : blocks) {
            append(block);
        }
    }

    /** One block of {@code packets} packets on {@code tree}. */
    public static BlockSchedule single(int tree, int packets) {
        return new BlockSchedule(tree, new int[] {0}, packets, packets);
    }

    /** The tree carries {@code block} after those it has. */
    void append(int block) {
        int length = Math.min(blockPackets, totalPackets - block * blockPackets);
        if (block < 0 || length <= 0) {
            throw new IllegalArgumentException("block " + block + " lies outside the data's " + totalPackets
                    + " packets");
        }
        if (indexOf(block) >= 0) {
            throw new IllegalArgumentException("block " + block + " is on tree " + tree + " already");
        }
        if (count == blocks.length) {
            blocks = Arrays.copyOf(blocks, 2 * count);
            starts = Arrays.copyOf(starts, 2 * count + 1);
        }
        blocks[count] = block;
        starts[count + 1] = starts[count] + length;
        count++;
    }

    public int tree() {
        return tree;
    }

    /** The packets of all this tree's blocks. */
    public int packets() {
        return starts[count];
    }

    int blockPackets() {
        return blockPackets;
    }

    /** The whole data's length in packets, on every tree. */
    int totalPackets() {
        return totalPackets;
    }

    /** How many blocks the tree has been given. */
    int blockCount() {
        return count;
    }

    boolean carries(int block) {
        return indexOf(block) >= 0;
    }

    /** The {@code i}-th block the tree carries. */
    int block(int i) {
        return blocks[i];
    }

    /** The name of the packet at {@code position}. */
    DataName name(int position) {
        int i = Arrays.binarySearch(starts, 0, count + 1, position);
        int block = i >= 0 ? i : -i - 2;
        return new DataName(tree, blocks[block], position - starts[block]);
    }

    /** The position of {@code name} in this tree's stream, or −1 if the tree does not carry it. */
    int position(DataName name) {
        int i = name.tree() == tree ? indexOf(name.block()) : -1;
        if (i < 0 || name.sequence() < 0 || name.sequence() >= starts[i + 1] - starts[i]) {
            return -1;
        }
        return starts[i] + name.sequence();
    }

    /** The packet's index in the whole data. */
    int index(DataName name) {
        return name.block() * blockPackets + name.sequence();
    }

    private int indexOf(int block) {
        for (int i = count - 1; i >= 0; i--) {
            if (blocks[i] == block) {
                return i;
            }
        }
        return -1;
    }
}
