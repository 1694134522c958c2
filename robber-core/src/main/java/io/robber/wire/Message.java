package io.robber.wire;

import io.robber.api.Manifest;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * The typed messages of one multicast operation. Every message names the operation it belongs to
 * ({@link #op()}), so one long-lived connection carries many operations in sequence.
 *
 * <p>The exchange messages (bitfield, have, request, desire) and the work-stealing messages (steal,
 * work, found-work) are Table 1 of the Robber paper. {@link Possession} and {@link Done} are
 * group-wide gossip: they let every node check for a root collective and let {@code flush()} wait
 * for the whole group rather than for direct neighbours only.
 */
public sealed interface Message {

    int op();

    MessageType type();

    /** The pieces of the sender's desire, sent to a peer when the operation starts or work changes. */
    record Desire(int op, BitSet pieces) implements Message {
        public MessageType type() {
            return MessageType.DESIRE;
        }
    }

    /** Which pieces of the receiver's desire the sender has. */
    record Bitfield(int op, BitSet pieces) implements Message {
        public MessageType type() {
            return MessageType.BITFIELD;
        }
    }

    /**
     * The sender now holds {@code pieces} (strictly ascending, at least one): every piece it verified
     * since its last have to the receiver that the receiver desires, coalesced into one message.
     */
    record Have(int op, int[] pieces) implements Message {
        public Have {
            if (pieces.length == 0) {
                throw new IllegalArgumentException("a have names at least one piece");
            }
            pieces = pieces.clone();
            for (int i = 0; i < pieces.length; i++) {
                if (pieces[i] < 0 || i > 0 && pieces[i] <= pieces[i - 1]) {
                    throw new IllegalArgumentException("a have names pieces >= 0 in strictly ascending order, got "
                            + Arrays.toString(pieces));
                }
            }
        }

        /** A have of one piece. */
        public Have(int op, int piece) {
            this(op, new int[] {piece});
        }

        /** A have of the pieces set in {@code pieces} (not empty). */
        public static Have of(int op, BitSet pieces) {
            return new Have(op, pieces.stream().toArray());
        }

        @Override
        public int[] pieces() {
            return pieces.clone();
        }

        /** The highest piece named. */
        public int last() {
            return pieces[pieces.length - 1];
        }

        public MessageType type() {
            return MessageType.HAVE;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Have h && op == h.op && Arrays.equals(pieces, h.pieces);
        }

        @Override
        public int hashCode() {
            return 31 * op + Arrays.hashCode(pieces);
        }

        @Override
        public String toString() {
            return "Have[op=" + op + ", pieces=" + Arrays.toString(pieces) + "]";
        }
    }

    record Request(int op, int piece) implements Message {
        public MessageType type() {
            return MessageType.REQUEST;
        }
    }

    /** An unemployed node asks a local peer for work. */
    record Steal(int op) implements Message {
        public MessageType type() {
            return MessageType.STEAL;
        }
    }

    /** The answer to a steal: the pieces handed over (empty: the peer has no work). */
    record Work(int op, BitSet pieces) implements Message {
        public MessageType type() {
            return MessageType.WORK;
        }
    }

    /** The sender has work again: add it to the local labor force. */
    record FoundWork(int op) implements Message {
        public MessageType type() {
            return MessageType.FOUND_WORK;
        }
    }

    /**
     * Gossip: what members start the operation on the data set {@code rootDigest} with: those in
     * {@code empty} with nothing, each of {@code held} with its pieces (ascending by member, none
     * without pieces, none also in {@code empty}). One message carries every possession its sender
     * learnt since its last one, so the flood costs each link a few messages, not one per member.
     */
    record Possession(int op, byte[] rootDigest, BitSet empty, List<Held> held) implements Message {
        public Possession {
            if (rootDigest.length != Manifest.DIGEST_LENGTH) {
                throw new IllegalArgumentException("root digest must be " + Manifest.DIGEST_LENGTH + " bytes, got "
                        + rootDigest.length);
            }
            held = List.copyOf(held);
            for (int i = 0; i < held.size(); i++) {
                Held h = held.get(i);
                if (i > 0 && h.member() <= held.get(i - 1).member()) {
                    throw new IllegalArgumentException("held possessions must be strictly ascending by member, got "
                            + h.member() + " after " + held.get(i - 1).member());
                }
                if (empty.get(h.member())) {
                    throw new IllegalArgumentException("member " + h.member() + " is both empty and holding pieces");
                }
            }
        }

        /** A member that starts holding {@code pieces} (not empty). */
        public record Held(int member, BitSet pieces) {
            public Held {
                if (member < 0 || pieces.isEmpty()) {
                    throw new IllegalArgumentException("a held possession names a member >= 0 and at least one piece,"
                            + " got member " + member + " with " + pieces.cardinality() + " pieces");
                }
            }
        }

        /** The members this message names, empty or not. */
        public BitSet members() {
            BitSet members = (BitSet) empty.clone();
            held.forEach(h -> members.set(h.member()));
            return members;
        }

        public MessageType type() {
            return MessageType.POSSESSION;
        }
    }

    /**
     * Gossip: {@code member} is out of this operation — its connections stayed down for the failure
     * timeout, or it gave up — so nobody waits for it and its collective takes over its work.
     * {@code reason} says why in a few words (control characters and anything beyond
     * {@value #MAX_REASON_CHARS} characters are dropped, since it comes from another machine).
     */
    record Dead(int op, int member, String reason) implements Message {
        public static final int MAX_REASON_CHARS = 200;

        public Dead {
            String printable = reason.replaceAll("\\p{Cntrl}", " ");
            int cut = Math.min(printable.length(), MAX_REASON_CHARS);
            if (cut > 0 && Character.isHighSurrogate(printable.charAt(cut - 1))) {
                cut--;
            }
            reason = printable.substring(0, cut);
        }

        public MessageType type() {
            return MessageType.DEAD;
        }
    }

    /**
     * Gossip: members that hold every piece — those its sender learnt of since its last done to the
     * receiver (or, to a reconnected peer, all it knows); the receiver adds them to its set.
     */
    record Done(int op, BitSet members) implements Message {
        public MessageType type() {
            return MessageType.DONE;
        }
    }

    /**
     * BitTorrent's choke/unchoke: {@code choked} tells the receiver that the sender will not answer its
     * requests (it drops those it has, so the receiver wants those pieces again elsewhere) until an
     * unchoke ({@code choked = false}) arrives. Only sent by protocols that choke.
     */
    record Choke(int op, boolean choked) implements Message {
        public MessageType type() {
            return MessageType.CHOKE;
        }
    }

    /**
     * BitTorrent's interested/not-interested: whether the sender wants a piece the receiver announced.
     * A choking node unchokes interested peers only. Only sent by protocols that choke.
     */
    record Interest(int op, boolean interested) implements Message {
        public MessageType type() {
            return MessageType.INTEREST;
        }
    }

    /**
     * A message a protocol defines itself, opaque to the core: {@code payload} is what the protocol's
     * own codec ({@link io.robber.engine.MessageCodec}) made of it, at most {@value #MAX_PAYLOAD_BYTES}
     * bytes. Lets a protocol carry typed messages of its own without adding to this closed set.
     */
    record ProtocolMessage(int op, byte[] payload) implements Message {
        public static final int MAX_PAYLOAD_BYTES = 1 << 20;

        public ProtocolMessage {
            if (payload.length > MAX_PAYLOAD_BYTES) {
                throw new IllegalArgumentException("a protocol message carries at most " + MAX_PAYLOAD_BYTES
                        + " bytes, got " + payload.length);
            }
        }

        public MessageType type() {
            return MessageType.PROTOCOL;
        }
    }
}
