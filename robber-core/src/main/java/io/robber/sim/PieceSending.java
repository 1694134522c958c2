package io.robber.sim;

import io.robber.transport.TransportOptions;
import java.util.ArrayDeque;

/**
 * Pieces leave a simulated node as the real transport's piece sender lets them: at most
 * {@link TransportOptions#DEFAULT_PIECES_IN_FLIGHT} of one connection on their way over the sender's
 * links at a time, the rest waiting at the sender (a real node starts the next piece once a write has
 * completed). Control messages go straight onto the connection, so they overtake waiting pieces as
 * they do on a real node: a request or {@code have} waits behind at most that many pieces, not behind
 * every piece its connection was asked for. Kept per member and neighbour slot, as {@link Connections}.
 */
final class PieceSending {
    private final int[][] inFlight;
    private final int[][] epochs;
    private final ArrayDeque<Integer>[][] waiting;

    @SuppressWarnings("unchecked")
    PieceSending(int[] degrees) {
        int n = degrees.length;
        this.inFlight = new int[n][];
        this.epochs = new int[n][];
        this.waiting = new ArrayDeque[n][];
        for (int m = 0; m < n; m++) {
            inFlight[m] = new int[degrees[m]];
            epochs[m] = new int[degrees[m]];
            waiting[m] = new ArrayDeque[degrees[m]];
        }
    }

    /**
     * A piece for connection {@code slot} of {@code from} in its {@code epoch}: true when it may start
     * now (it is counted in flight), false when it waits for {@link #sent}.
     */
    boolean start(int from, int slot, int epoch, int piece) {
        renew(from, slot, epoch);
        if (inFlight[from][slot] < TransportOptions.DEFAULT_PIECES_IN_FLIGHT) {
            inFlight[from][slot]++;
            return true;
        }
        if (waiting[from][slot] == null) {
            waiting[from][slot] = new ArrayDeque<>();
        }
        waiting[from][slot].add(piece);
        return false;
    }

    /**
     * A piece of the connection in {@code epoch} left the sender: the next waiting piece, which takes its
     * place in flight, or -1 when none waits (or the connection broke since).
     */
    int sent(int from, int slot, int epoch) {
        if (epochs[from][slot] != epoch) {
            return -1;
        }
        ArrayDeque<Integer> queue = waiting[from][slot];
        if (queue == null || queue.isEmpty()) {
            inFlight[from][slot]--;
            return -1;
        }
        return queue.poll();
    }

    /** A connection that broke and came back starts with nothing in flight or waiting. */
    private void renew(int from, int slot, int epoch) {
        if (epochs[from][slot] != epoch) {
            epochs[from][slot] = epoch;
            inFlight[from][slot] = 0;
            if (waiting[from][slot] != null) {
                waiting[from][slot].clear();
            }
        }
    }
}
