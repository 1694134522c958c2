package io.robber.sim;

import io.robber.api.Group;
import io.robber.engine.PeerGraph;
import java.util.Arrays;

/**
 * The state of every connection of a {@link SimNetwork}, kept per member and neighbour (not N × N):
 * whether it is broken, its epoch (incremented whenever it breaks, so that nothing sent before
 * arrives after) and its {@link Route}, made on first use.
 */
final class Connections {
    private final Group group;
    private final Topology links;
    /** [m] the neighbours of member m, ascending: the state of m's connections is indexed by slot in it. */
    private final int[][] neighbours;
    private final Route[][] routes;
    private final boolean[][] broken;
    private final int[][] epochs;

    Connections(Group group, PeerGraph graph, Topology links) {
        this.group = group;
        this.links = links;
        int n = group.size();
        this.neighbours = new int[n][];
        this.routes = new Route[n][];
        this.broken = new boolean[n][];
        this.epochs = new int[n][];
        for (int m = 0; m < n; m++) {
            neighbours[m] = graph.neighbours(m).stream().mapToInt(Integer::intValue).toArray();
            routes[m] = new Route[neighbours[m].length];
            broken[m] = new boolean[neighbours[m].length];
            epochs[m] = new int[neighbours[m].length];
        }
    }

    /** The slot of {@code to} among the neighbours of {@code from}; fails when they are no neighbours. */
    int slot(int from, int to, String what) {
        int slot = Arrays.binarySearch(neighbours[from], to);
        if (slot < 0) {
            throw new AssertionError("member " + group.member(from).id() + " sends " + what + " to "
                    + group.member(to).id() + ", which is not its neighbour in the peer graph");
        }
        return slot;
    }

    boolean broken(int from, int slot) {
        return broken[from][slot];
    }

    boolean isBroken(int a, int b) {
        return broken[a][slot(a, b, "a disconnect")];
    }

    int epoch(int from, int slot) {
        return epochs[from][slot];
    }

    /** Whether what was sent on {@code from}'s connection in {@code epoch} is lost: it broke since. */
    boolean lost(int from, int slot, int epoch) {
        return broken[from][slot] || epochs[from][slot] != epoch;
    }

    /** Breaks the connection between {@code a} and {@code b} in both directions; what is in flight is lost. */
    void cut(int a, int b) {
        set(a, b, true);
        epochs[a][slot(a, b, "a disconnect")]++;
        epochs[b][slot(b, a, "a disconnect")]++;
    }

    /** The connection is up again, with nothing in flight. */
    void restore(int a, int b) {
        set(a, b, false);
    }

    Route route(int from, int to, int slot) {
        Route route = routes[from][slot];
        if (route == null) {
            route = links.route(from, to);
            routes[from][slot] = route;
        }
        return route;
    }

    private void set(int a, int b, boolean value) {
        broken[a][slot(a, b, "a disconnect")] = value;
        broken[b][slot(b, a, "a disconnect")] = value;
    }
}
