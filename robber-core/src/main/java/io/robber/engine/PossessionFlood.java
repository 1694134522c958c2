package io.robber.engine;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.wire.Message;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.IntPredicate;

/**
 * The flood of every member's initial possession: each node learns what every member holds at the
 * start, so that it can check the protocol's precondition (for Robber: a root collective, §3.3.2) and
 * that all members multicast the same data set, and fail fast instead of hanging.
 */
final class PossessionFlood {
    private final int op;
    private final Group group;
    private final Manifest manifest;
    private final Flooding flooding;
    private final BitSet[] possessions;
    private int known;

    PossessionFlood(int op, Group group, Manifest manifest, Flooding flooding) {
        this.op = op;
        this.group = group;
        this.manifest = manifest;
        this.flooding = flooding;
        this.possessions = new BitSet[group.size()];
    }

    /** Why {@code p} cannot be accepted (another data set), or empty. */
    Optional<String> mismatch(Message.Possession p) {
        if (Arrays.equals(p.rootDigest(), manifest.rootDigest())) {
            return Optional.empty();
        }
        return Optional.of("member " + group.member(p.origin()).id() + " multicasts data set "
                + HexFormat.of().formatHex(p.rootDigest()).substring(0, 12) + " but this node has "
                + manifest.rootDigestHex().substring(0, 12) + ": every member must pass the same manifest");
    }

    /**
     * Records what {@code origin} held at the start, learnt from {@code from} (-1: this node), and
     * floods it on; false when it was known already.
     */
    boolean record(int origin, BitSet pieces, int from) {
        if (possessions[origin] != null) {
            return false;
        }
        possessions[origin] = pieces;
        known++;
        flooding.flood(new Message.Possession(op, origin, manifest.rootDigest(), pieces), from);
        return true;
    }

    /** True once every member's possession is known. */
    boolean complete() {
        return known == possessions.length;
    }

    /** Every member's possession, by member index; all known. */
    List<BitSet> all() {
        return Arrays.asList(possessions);
    }

    /**
     * What the collective of {@code self} held at the start, once every member of it is known or
     * {@code dead} (a dead member's pieces are out of reach anyway); empty before.
     */
    Optional<BitSet> heldByCollective(int self, IntPredicate dead) {
        BitSet held = new BitSet();
        for (int m : group.collectiveOf(self)) {
            if (possessions[m] != null) {
                held.or(possessions[m]);
            } else if (!dead.test(m)) {
                return Optional.empty();
            }
        }
        return Optional.of(held);
    }

    /** Sends every known possession to {@code peer}. */
    void resend(int peer) {
        for (int origin = 0; origin < possessions.length; origin++) {
            if (possessions[origin] != null) {
                flooding.send(peer, new Message.Possession(op, origin, manifest.rootDigest(), possessions[origin]));
            }
        }
    }

    /** Members whose possession this node has not heard of yet. */
    List<String> unknown() {
        List<String> unknown = new ArrayList<>();
        for (int i = 0; i < possessions.length; i++) {
            if (possessions[i] == null) {
                unknown.add(group.member(i).id());
            }
        }
        return unknown;
    }
}
