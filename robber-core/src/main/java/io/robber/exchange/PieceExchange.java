package io.robber.exchange;

import io.robber.engine.EngineContext;
import io.robber.wire.Message;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The BitTorrent-style piece exchange that Robber, MOB and the BitTorrent baseline share:
 * desire → bitfield, have, request, piece; at most R outstanding requests per peer, chosen at random
 * from desire(n, p) ∩ possession(p); announcements filtered by each peer's desire.
 */
public final class PieceExchange {
    private static final Logger LOG = LoggerFactory.getLogger(PieceExchange.class);

    private final EngineContext ctx;
    private final ExchangePolicy policy;
    private final int maxOutstanding;
    private final int pieceCount;
    private final BitSet possession;
    private final BitSet pending = new BitSet();
    private final Map<Integer, PeerState> peers = new HashMap<>();

    public PieceExchange(EngineContext ctx, ExchangePolicy policy, int maxOutstanding, BitSet possession) {
        this.ctx = ctx;
        this.policy = policy;
        this.maxOutstanding = maxOutstanding;
        this.pieceCount = ctx.manifest().pieceCount();
        this.possession = (BitSet) possession.clone();
        for (int n : ctx.neighbours()) {
            peers.put(n, new PeerState(n));
        }
    }

    /** possession(n); read-only for callers. */
    public BitSet possession() {
        return possession;
    }

    public boolean holds(int piece) {
        return possession.get(piece);
    }

    /** pending(n): requested but not yet received. */
    public BitSet pending() {
        return pending;
    }

    /** Retired: |pending(n)| + |possession(n)| = P. */
    public boolean retired() {
        return pending.cardinality() + possession.cardinality() == pieceCount;
    }

    public boolean complete() {
        return possession.cardinality() == pieceCount;
    }

    /** The pieces not held: the desire from local peers. */
    public BitSet missing() {
        BitSet missing = new BitSet(pieceCount);
        missing.set(0, pieceCount);
        missing.andNot(possession);
        return missing;
    }

    /** Sends our current desire to {@code peer} unless it is lost; it answers with a bitfield. */
    public void sendDesire(int peer) {
        PeerState p = peers.get(peer);
        if (p == null || p.lost) {
            return;
        }
        BitSet desire = policy.desire(peer);
        ctx.send(peer, new Message.Desire(ctx.op(), desire == null ? missing() : (BitSet) desire.clone()));
    }

    /** Handles the exchange messages; returns false for a message that is not one of them. */
    public boolean onMessage(int peer, Message message) {
        PeerState p = peers.get(peer);
        if (p == null || p.lost) {
            return true;
        }
        if (message instanceof Message.Desire d) {
            p.desire = d.pieces();
            BitSet answer = (BitSet) d.pieces().clone();
            answer.and(possession);
            ctx.send(peer, new Message.Bitfield(message.op(), answer));
        } else if (message instanceof Message.Bitfield b) {
            p.has.or(b.pieces());
            fill(p);
        } else if (message instanceof Message.Have h) {
            p.has.set(h.piece());
            fill(p);
        } else if (message instanceof Message.Request r) {
            if (possession.get(r.piece())) {
                ctx.sendPiece(peer, r.piece());
            } else {
                LOG.warn("member {} requested piece {} that {} never announced; ignored",
                        ctx.group().member(peer).id(), r.piece(), ctx.group().member(ctx.self()).id());
            }
        } else {
            return false;
        }
        return true;
    }

    public void onPieceReceived(int peer, int piece) {
        PeerState p = peers.get(peer);
        if (p != null && p.outstanding.get(piece)) {
            p.outstanding.clear(piece);
            p.window.delivered(ctx.timers().nanoTime(), ctx.manifest().pieceLength(piece), p.outstanding.isEmpty());
        }
        pending.clear(piece);
        if (possession.get(piece)) {
            ctx.metrics().duplicatePiece();
        } else {
            possession.set(piece);
            policy.onReceived(piece);
            announce(piece);
        }
        if (p != null && !p.lost) {
            fill(p);
        }
        policy.afterRequests();
        if (complete()) {
            ctx.completed();
        }
    }

    public void onPieceRejected(int peer, int piece) {
        PeerState p = peers.get(peer);
        if (p != null) {
            p.outstanding.clear(piece);
            p.has.clear(piece);
        }
        abandon(piece);
        fillAll();
        policy.afterRequests();
    }

    public void onPeerLost(int peer) {
        PeerState p = peers.get(peer);
        if (p == null || p.lost) {
            return;
        }
        p.lost = true;
        for (int i = p.outstanding.nextSetBit(0); i >= 0; i = p.outstanding.nextSetBit(i + 1)) {
            abandon(i);
        }
        p.outstanding.clear();
        fillAll();
        policy.afterRequests();
    }

    /**
     * A lost peer is connected again: nothing is in flight with it, so it starts afresh, as at the
     * start of the operation, with our desire.
     */
    public void onPeerReconnected(int peer) {
        onPeerLost(peer);
        if (peers.containsKey(peer)) {
            peers.put(peer, new PeerState(peer));
            sendDesire(peer);
        }
    }

    /** The pieces that the given live peers announced. */
    public BitSet announcedBy(List<Integer> members) {
        BitSet announced = new BitSet();
        for (int m : members) {
            PeerState p = peers.get(m);
            if (p != null && !p.lost) {
                announced.or(p.has);
            }
        }
        return announced;
    }

    private void abandon(int piece) {
        pending.clear(piece);
        if (!possession.get(piece)) {
            policy.onAbandoned(piece);
        }
    }

    /** Tops up the requests to every live peer, e.g. after the desire grew. */
    public void fillAll() {
        for (PeerState p : peers.values()) {
            if (!p.lost) {
                fill(p);
            }
        }
    }

    /** Tops up the requests to the given peers. */
    public void fill(List<Integer> members) {
        for (int m : members) {
            PeerState p = peers.get(m);
            if (p != null && !p.lost) {
                fill(p);
            }
        }
    }

    private void fill(PeerState p) {
        int window = p.window.size(maxOutstanding, ctx.manifest().pieceSize());
        if (p.outstanding.cardinality() >= window) {
            return;
        }
        BitSet candidates = (BitSet) p.has.clone();
        BitSet desire = policy.desire(p.member);
        if (desire != null) {
            candidates.and(desire);
        }
        candidates.andNot(possession);
        candidates.andNot(pending);
        int available = candidates.cardinality();
        while (available > 0 && p.outstanding.cardinality() < window) {
            int piece = pick(candidates, available);
            candidates.clear(piece);
            available--;
            pending.set(piece);
            p.window.requested(ctx.timers().nanoTime(), p.outstanding.isEmpty());
            p.outstanding.set(piece);
            ctx.send(p.member, new Message.Request(ctx.op(), piece));
            policy.onRequested(p.member, piece);
        }
    }

    private int pick(BitSet candidates, int available) {
        int skip = ctx.random().nextInt(available);
        int piece = candidates.nextSetBit(0);
        for (int i = 0; i < skip; i++) {
            piece = candidates.nextSetBit(piece + 1);
        }
        return piece;
    }

    private void announce(int piece) {
        for (PeerState p : peers.values()) {
            if (!p.lost && p.desire != null && p.desire.get(piece) && !p.has.get(piece)) {
                ctx.send(p.member, new Message.Have(ctx.op(), piece));
            }
        }
    }
}
