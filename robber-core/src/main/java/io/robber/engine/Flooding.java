package io.robber.engine;

import io.robber.wire.Message;
import java.util.List;

/** Sends a group-wide gossip message on to this node's neighbours. */
final class Flooding {
    private final int self;
    private final List<Integer> neighbours;
    private final FloodOrigins origins;
    private final NodeIo io;

    Flooding(int self, PeerGraph graph, FloodOrigins origins, NodeIo io) {
        this.self = self;
        this.neighbours = graph.neighbours(self);
        this.origins = origins;
        this.io = io;
    }

    /**
     * Sends {@code message}, news about {@code member}, to every neighbour but {@code from} (-1: to all
     * of them) and those that judge {@code member} themselves: {@code member} and, unless this node is
     * {@code member}, its neighbours, which take its death only from it or from their own loss of it
     * ({@link FloodOrigins}).
     */
    void flood(Message message, int from, int member) {
        for (int n : neighbours) {
            if (n != from && mayTell(n, member)) {
                io.send(n, message);
            }
        }
    }

    /** Whether neighbour {@code n} hears of {@code member}'s death from this node ({@link FloodOrigins#mayTell}). */
    boolean mayTell(int n, int member) {
        return origins.mayTell(self, n, member);
    }

    /** Sends {@code message} to one neighbour, e.g. one that reconnected and needs the gossip again. */
    void send(int peer, Message message) {
        io.send(peer, message);
    }
}
