package io.robber.datacast.signalling;

import io.netty.buffer.ByteBuf;
import io.robber.datacast.topology.Network;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * The transmission tree a signalling message carries (§3): the tree encoded into the message, in
 * preorder, each node as the arc that enters it and its number of children, with a flag for the
 * receivers. A node decodes it, {@linkplain #children() splits} it into its children's subtrees and
 * sends each child its own. Five bytes a node on the wire (the arc, and the children with the flag).
 */
public final class EncodedTree {
    private final int[] arcs;
    private final int[] shapes;

    private EncodedTree(int[] arcs, int[] shapes) {
        this.arcs = arcs;
        this.shapes = shapes;
    }

    /**
     * The tree of {@code treeArcs} rooted at {@code root}, its receivers those {@code receiver}
     * accepts.
     */
    public static EncodedTree of(Network network, int root, int[] treeArcs, IntPredicate receiver) {
        List<List<Integer>> children = new ArrayList<>();
        for (int v = 0; v < network.nodeCount(); v++) {
            children.add(null);
        }
        for (int arc : treeArcs) {
            int tail = network.tail(arc);
            if (children.get(tail) == null) {
                children.set(tail, new ArrayList<>());
            }
            children.get(tail).add(arc);
        }
        int[] arcs = new int[treeArcs.length + 1];
        int[] shapes = new int[treeArcs.length + 1];
        ArrayDeque<Integer> stack = new ArrayDeque<>();
        stack.push(-1);
        int n = 0;
        while (!stack.isEmpty()) {
            int in = stack.pop();
            int node = in < 0 ? root : network.head(in);
            List<Integer> below = children.get(node) == null ? List.of() : children.get(node);
            arcs[n] = in;
            shapes[n++] = below.size() << 1 | (receiver.test(node) ? 1 : 0);
            for (int i = below.size() - 1; i >= 0; i--) {
                stack.push(below.get(i));
            }
        }
        if (n != arcs.length) {
            throw new IllegalArgumentException("the arcs are not one tree below " + network.node(root));
        }
        return new EncodedTree(arcs, shapes);
    }

    /** The arc entering this subtree's root, −1 for a whole tree. */
    public int arcIn() {
        return arcs[0];
    }

    /** Whether this subtree's root is a receiver. */
    public boolean rootIsReceiver() {
        return (shapes[0] & 1) != 0;
    }

    public int childCount() {
        return shapes[0] >>> 1;
    }

    /** The root's children's subtrees, in order, each starting with the arc to it. */
    public List<EncodedTree> children() {
        List<EncodedTree> subtrees = new ArrayList<>(childCount());
        int start = 1;
        for (int c = 0; c < childCount(); c++) {
            int end = start;
            for (int open = 1; open > 0; end++) {
                open += (shapes[end] >>> 1) - 1;
            }
            subtrees.add(new EncodedTree(Arrays.copyOfRange(arcs, start, end), Arrays.copyOfRange(shapes, start, end)));
            start = end;
        }
        return subtrees;
    }

    public int nodes() {
        return arcs.length;
    }

    /** The receivers in this subtree, its root included. */
    public int receivers() {
        int count = 0;
        for (int shape : shapes) {
            count += shape & 1;
        }
        return count;
    }

    /** Its size on the wire: five bytes a node. */
    public int sizeBytes() {
        return 5 * arcs.length;
    }

    /** Writes it as bytes (on loopback): the node count, then per node its arc in and a byte of shape. */
    public void writeTo(ByteBuf out) {
        out.writeInt(arcs.length);
        for (int n = 0; n < arcs.length; n++) {
            if (shapes[n] > 0xFF) {
                throw new IllegalStateException("a node with " + (shapes[n] >>> 1) + " children does not fit a byte");
            }
            out.writeInt(arcs[n]);
            out.writeByte(shapes[n]);
        }
    }

    /** The tree {@link #writeTo} wrote. */
    public static EncodedTree readFrom(ByteBuf in) {
        int nodes = in.readInt();
        int[] arcs = new int[nodes];
        int[] shapes = new int[nodes];
        for (int n = 0; n < nodes; n++) {
            arcs[n] = in.readInt();
            shapes[n] = in.readUnsignedByte();
        }
        return new EncodedTree(arcs, shapes);
    }
}
