package io.robber.sim;

import io.robber.wire.Message;
import java.util.BitSet;

/**
 * The copy of a message that the far end of a simulated connection receives: what decoding its
 * frame would give, without the frame. Messages that carry a bit set or a mutable array get their own copy (a have
 * copies its array itself),
 * so that a sender changing its set after sending cannot change what is in flight; the others hold
 * only values and are passed as they are.
 */
final class SimMessages {
    private SimMessages() {
    }

    static Message copy(Message m) {
        if (m instanceof Message.Desire d) {
            return new Message.Desire(d.op(), (BitSet) d.pieces().clone());
        } else if (m instanceof Message.Bitfield b) {
            return new Message.Bitfield(b.op(), (BitSet) b.pieces().clone());
        } else if (m instanceof Message.Work w) {
            return new Message.Work(w.op(), (BitSet) w.pieces().clone());
        } else if (m instanceof Message.Possession p) {
            return new Message.Possession(p.op(), p.rootDigest().clone(), (BitSet) p.empty().clone(),
                    p.held().stream().map(h -> new Message.Possession.Held(h.member(), (BitSet) h.pieces().clone()))
                            .toList());
        } else if (m instanceof Message.Done d) {
            return new Message.Done(d.op(), (BitSet) d.members().clone());
        } else if (m instanceof Message.ProtocolMessage p) {
            return new Message.ProtocolMessage(p.op(), p.payload().clone());
        }
        return m;
    }
}
