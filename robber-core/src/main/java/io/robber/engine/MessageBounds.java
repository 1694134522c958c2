package io.robber.engine;

import io.robber.wire.Message;
import java.util.BitSet;
import java.util.Optional;

/** Checks the indices inside a decoded message against the operation's piece count and group size. */
final class MessageBounds {
    private MessageBounds() {
    }

    static Optional<String> check(Message m, int pieceCount, int groupSize) {
        if (m instanceof Message.Have h) {
            return index(h.last(), pieceCount, "have");
        } else if (m instanceof Message.Request r) {
            return index(r.piece(), pieceCount, "request");
        } else if (m instanceof Message.Desire d) {
            return bits(d.pieces(), pieceCount, "desire");
        } else if (m instanceof Message.Bitfield b) {
            return bits(b.pieces(), pieceCount, "bitfield");
        } else if (m instanceof Message.Work w) {
            return bits(w.pieces(), pieceCount, "work");
        } else if (m instanceof Message.Possession p) {
            Optional<String> members = bits(p.members(), groupSize, "possession");
            for (Message.Possession.Held h : p.held()) {
                members = members.or(() -> bits(h.pieces(), pieceCount, "possession of member " + h.member()));
            }
            return members;
        } else if (m instanceof Message.Done d) {
            return bits(d.members(), groupSize, "done");
        } else if (m instanceof Message.Dead d) {
            return index(d.member(), groupSize, "dead member");
        }
        return Optional.empty();
    }

    private static Optional<String> index(int i, int bound, String what) {
        return i >= 0 && i < bound ? Optional.empty()
                : Optional.of(what + " names index " + i + " outside [0, " + bound + ")");
    }

    private static Optional<String> bits(BitSet set, int bound, String what) {
        return set.length() <= bound ? Optional.empty()
                : Optional.of(what + " names index " + (set.length() - 1) + " outside [0, " + bound + ")");
    }
}
