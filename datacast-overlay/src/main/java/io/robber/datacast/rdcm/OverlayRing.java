package io.robber.datacast.rdcm;

import java.util.Arrays;

/**
 * RDCM §3.2: the overlay ring O_i of a branching tree node i (its <em>tree parent</em>), one
 * receiver from each of i's branches, the branch's <em>overlay proxy</em>. Its <em>overlay
 * parent</em> is the proxy chosen for i one ring up (the sender for the highest ring), and its level
 * is i's tree level, 0 at the lowest leaves.
 *
 * <p>The members are listed by descending node index of their branches; each one's overlay
 * successor (the receiver it repairs) is the next, the last one's the first. On Fig. 7's ring
 * O_w2 = {v9, v10, v11} that is the paper's repair path v9 → v11 → v10.
 */
public final class OverlayRing {
    private final int treeParent;
    private final int level;
    private final int overlayParent;
    private final int[] members;
    private final boolean[] leaf;

    OverlayRing(int treeParent, int level, int overlayParent, int[] members, boolean[] leaf) {
        this.treeParent = treeParent;
        this.level = level;
        this.overlayParent = overlayParent;
        this.members = members;
        this.leaf = leaf;
    }

    /** The branching tree node i of O_i. */
    public int treeParent() {
        return treeParent;
    }

    public int level() {
        return level;
    }

    /** The receiver (or the sender) that the members ACK to besides their predecessor. */
    public int overlayParent() {
        return overlayParent;
    }

    /** The members in ring order, a copy. */
    public int[] members() {
        return members.clone();
    }

    public int size() {
        return members.length;
    }

    public boolean contains(int receiver) {
        return indexOf(receiver) >= 0;
    }

    /** Whether this is {@code receiver}'s leaf overlay ring: it is the only receiver of the branch it stands for. */
    public boolean isLeafRingOf(int receiver) {
        return leaf[require(receiver)];
    }

    /** The member {@code receiver} repairs. */
    public int successor(int receiver) {
        return members[(require(receiver) + 1) % members.length];
    }

    /** The member that repairs {@code receiver}, and to which it sends its ACKs. */
    public int predecessor(int receiver) {
        return members[(require(receiver) + members.length - 1) % members.length];
    }

    private int indexOf(int receiver) {
        for (int i = 0; i < members.length; i++) {
            if (members[i] == receiver) {
                return i;
            }
        }
        return -1;
    }

    private int require(int receiver) {
        int index = indexOf(receiver);
        if (index < 0) {
            throw new IllegalArgumentException("node " + receiver + " is not on the ring of tree node " + treeParent);
        }
        return index;
    }

    @Override
    public String toString() {
        return "O_" + treeParent + Arrays.toString(members) + " level " + level + ", overlay parent " + overlayParent;
    }
}
