package io.robber.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.IntPredicate;

/**
 * The undirected communication graph of a group: who is connected to whom. One connection per peer
 * pair, whichever side chose the other.
 */
public final class PeerGraph {
    private final List<List<Integer>> neighbours;
    /** The same neighbours as sets, so that floods filter a set of members in a few word operations. */
    private final BitSet[] neighbourSets;

    private PeerGraph(List<List<Integer>> neighbours) {
        this.neighbours = neighbours;
        this.neighbourSets = new BitSet[neighbours.size()];
        for (int member = 0; member < neighbourSets.length; member++) {
            BitSet set = new BitSet();
            neighbours.get(member).forEach(set::set);
            neighbourSets[member] = set;
        }
    }

    public int size() {
        return neighbours.size();
    }

    /** Neighbours of {@code member}, ascending. */
    public List<Integer> neighbours(int member) {
        return neighbours.get(member);
    }

    public boolean connected(int a, int b) {
        return neighbourSets[a].get(b);
    }

    /** Clears the neighbours of {@code member} from {@code members}. */
    public void clearNeighbours(int member, BitSet members) {
        members.andNot(neighbourSets[member]);
    }

    /**
     * The members reachable from {@code from} (itself included) over edges into members that
     * {@code passable} lets through, e.g. the live ones or those of one cluster.
     */
    public BitSet reachable(int from, IntPredicate passable) {
        BitSet seen = new BitSet(size());
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        seen.set(from);
        todo.add(from);
        while (!todo.isEmpty()) {
            for (int n : neighbours(todo.poll())) {
                if (!seen.get(n) && passable.test(n)) {
                    seen.set(n);
                    todo.add(n);
                }
            }
        }
        return seen;
    }

    /**
     * {@code count} distinct candidates chosen at random (all of them when there are fewer), in the
     * order chosen: how protocols pick peers for a seeded graph.
     */
    public static List<Integer> randomPeers(List<Integer> candidates, int count, SplittableRandom random) {
        List<Integer> pool = new ArrayList<>(candidates);
        int take = Math.min(count, pool.size());
        for (int i = 0; i < take; i++) {
            Collections.swap(pool, i, i + random.nextInt(pool.size() - i));
        }
        return pool.subList(0, take);
    }

    /** Collects undirected edges. */
    public static final class Builder {
        private final List<TreeSet<Integer>> adjacency = new ArrayList<>();

        public Builder(int size) {
            for (int i = 0; i < size; i++) {
                adjacency.add(new TreeSet<>());
            }
        }

        public Builder connect(int a, int b) {
            if (a == b) {
                throw new IllegalArgumentException("a node cannot be its own peer: " + a);
            }
            adjacency.get(a).add(b);
            adjacency.get(b).add(a);
            return this;
        }

        public PeerGraph build() {
            List<List<Integer>> frozen = new ArrayList<>(adjacency.size());
            for (TreeSet<Integer> set : adjacency) {
                frozen.add(List.copyOf(set));
            }
            return new PeerGraph(List.copyOf(frozen));
        }
    }
}
