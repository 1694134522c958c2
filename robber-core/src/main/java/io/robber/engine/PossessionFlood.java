package io.robber.engine;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.wire.Message;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntPredicate;

/**
 * The flood of every member's initial possession: each node learns what every member holds at the
 * start, so that it can check the protocol's precondition (for Robber: a root collective, §3.3.2) and
 * that all members multicast the same data set, and fail fast instead of hanging. Possessions travel
 * in batches ({@link Gossip}), most of them as a bit in the set of members that start empty.
 */
final class PossessionFlood {
    /** The shortest time between two batches; short, since the global desire waits for the collective's possessions. */
    static final long INTERVAL_NANOS = 10_000_000L;

    private final int op;
    private final Group group;
    private final Manifest manifest;
    private final Gossip gossip;
    private final BitSet known = new BitSet();
    private final BitSet empty = new BitSet();
    private final Map<Integer, BitSet> held = new HashMap<>();

    PossessionFlood(int op, Group group, int self, Manifest manifest, List<Integer> neighbours, FloodOrigins origins,
                    NodeIo io) {
        this.op = op;
        this.group = group;
        this.manifest = manifest;
        this.gossip = new Gossip(neighbours, io, INTERVAL_NANOS, this::message,
                (to, members) -> origins.possession(self, to, members));
    }

    /** Why {@code p}, sent by neighbour {@code from}, cannot be accepted (another data set), or empty. */
    Optional<String> mismatch(Message.Possession p, int from) {
        if (Arrays.equals(p.rootDigest(), manifest.rootDigest())) {
            return Optional.empty();
        }
        return Optional.of("member " + group.member(from).id() + " multicasts data set "
                + HexFormat.of().formatHex(p.rootDigest()).substring(0, 12) + " but this node has "
                + manifest.rootDigestHex().substring(0, 12) + ": every member must pass the same manifest");
    }

    /** Records what this node, {@code self}, holds at the start and passes it on. */
    void recordOwn(int self, BitSet pieces) {
        BitSet one = new BitSet();
        one.set(self);
        known.set(self);
        if (pieces.isEmpty()) {
            empty.set(self);
        } else {
            held.put(self, pieces);
        }
        gossip.spread(one, -1);
    }

    /**
     * Records the possessions of {@code accepted}, those {@code p} names that {@code from} may tell
     * ({@link FloodOrigins}), and passes on the new ones; returns those.
     */
    BitSet record(Message.Possession p, BitSet accepted, int from) {
        BitSet news = (BitSet) accepted.clone();
        news.andNot(known);
        for (int m = news.nextSetBit(0); m >= 0; m = news.nextSetBit(m + 1)) {
            known.set(m);
            if (p.empty().get(m)) {
                empty.set(m);
            }
        }
        for (Message.Possession.Held h : p.held()) {
            if (news.get(h.member())) {
                held.put(h.member(), h.pieces());
            }
        }
        gossip.spread(news, from);
        return news;
    }

    /** The message telling a neighbour the possessions of {@code members}, all known. */
    private Message message(BitSet members) {
        BitSet none = (BitSet) members.clone();
        none.and(empty);
        BitSet some = (BitSet) members.clone();
        some.andNot(empty);
        List<Message.Possession.Held> withPieces = new ArrayList<>(some.cardinality());
        for (int m = some.nextSetBit(0); m >= 0; m = some.nextSetBit(m + 1)) {
            withPieces.add(new Message.Possession.Held(m, held.get(m)));
        }
        return new Message.Possession(op, manifest.rootDigest(), none, withPieces);
    }

    /** True once every member's possession is known. */
    boolean complete() {
        return known.cardinality() == group.size();
    }

    /** Every member's possession, by member index; all known. */
    List<BitSet> all() {
        return new AbstractList<>() {
            @Override
            public BitSet get(int member) {
                return held.getOrDefault(member, new BitSet());
            }

            @Override
            public int size() {
                return group.size();
            }
        };
    }

    /**
     * What the collective of {@code self} held at the start, once every member of it is known or
     * {@code dead} (a dead member's pieces are out of reach anyway); empty before.
     */
    Optional<BitSet> heldByCollective(int self, IntPredicate dead) {
        BitSet union = new BitSet();
        for (int m : group.collectiveOf(self)) {
            if (known.get(m)) {
                union.or(held.getOrDefault(m, new BitSet()));
            } else if (!dead.test(m)) {
                return Optional.empty();
            }
        }
        return Optional.of(union);
    }

    /** Sends every known possession to {@code peer}. */
    void resend(int peer) {
        gossip.tell(peer, (BitSet) known.clone());
    }

    /** Whether {@code member}'s possession is known here: it started the operation (every member floods its own at the start). */
    boolean knows(int member) {
        return known.get(member);
    }

    /** Members whose possession this node has not heard of yet. */
    List<String> unknown() {
        List<String> unknown = new ArrayList<>();
        for (int i = known.nextClearBit(0); i < group.size(); i = known.nextClearBit(i + 1)) {
            unknown.add(group.member(i).id());
        }
        return unknown;
    }
}
