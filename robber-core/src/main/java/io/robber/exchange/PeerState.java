package io.robber.exchange;

import java.util.BitSet;

/** What this node knows about one neighbour during an operation. */
final class PeerState {
    final int member;
    /** Pieces the peer told us it has (restricted to what we desired when it told us). */
    final BitSet has = new BitSet();
    /** Our pieces requested from this peer and not yet received. */
    final BitSet outstanding = new BitSet();
    /**
     * Requests given up when the peer choked us: their pieces may still cross the choke and are taken,
     * also when the piece was asked for again after an unchoke and so arrives twice.
     */
    final BitSet crossingChoke = new BitSet();
    /** When each of them left this node ({@link OverdueRequests}). */
    final RequestTimes requestedAt;
    /** Requested pieces whose first bytes arrived and whose rest has not yet ({@link OverdueRequests}). */
    final BitSet arriving = new BitSet();
    /** When the peer last delivered a piece or started one; -1 before it did. */
    long servedAt = -1;
    /** Looks at the peer that found overdue requests since its last delivery. */
    int strikes;
    /** Cancels the next look at the peer's requests; null when none is due. */
    Runnable look;
    /** How many of them to allow ({@link #windowSize}). */
    final RequestWindow window;
    private final int maxOutstanding;
    private final int windowMax;
    private final int pieceSize;
    /** The peer's desire from us; {@code null} until its desire message arrives. */
    BitSet desire;
    boolean lost;
    /** We told the peer we desire every piece we lack: a standing desire, never sent again. */
    boolean toldMissing;
    /** With choking: this node does not answer the peer's requests. */
    boolean choking;
    /** With choking: the peer does not answer ours. */
    boolean chokedBy;
    /** With choking: what this node last told the peer about its interest. */
    boolean interested;
    /** Pieces verified here that the peer desires and has not heard of yet ({@link HaveCoalescer}). */
    final BitSet unannounced = new BitSet();
    /** When the last have went to the peer; -1 before any. */
    long announcedAt = -1;
    /** Cancels the have that waits for the peer's interval to pass; null when none waits. */
    Runnable announceTimer;

    PeerState(int member, boolean choking, ExchangeTuning tuning, int pieceSize) {
        this.member = member;
        this.requestedAt = new RequestTimes(tuning.windowMax());
        this.window = new RequestWindow(tuning);
        this.maxOutstanding = tuning.maxOutstanding();
        this.windowMax = tuning.windowMax();
        this.pieceSize = pieceSize;
        this.choking = choking;
        this.chokedBy = choking;
    }

    /** How many requests to keep outstanding at the peer now ({@link RequestWindow#size}). */
    int windowSize() {
        return window.size(maxOutstanding, windowMax, pieceSize);
    }

    /** Whether the peer's window has room for another request. */
    boolean hasRoom() {
        return outstanding.cardinality() < windowSize();
    }
}
