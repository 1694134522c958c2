package io.robber.datacast.rdcm.channel;

/** The {@code rdcm} protocol's own messages, coded by {@link RdcmCodec}. */
sealed interface RdcmMessage {

    /**
     * §3.3: the sender holds piece {@code sequence} (on its leaf ring) or a receiver below it does (on
     * its proxy ring), and also the pieces of the selective mask {@code recent} and every piece below
     * {@code below}; {@code ring} is the overlay ring's tree node, or -1 for a group of one receiver.
     * Who ACKs is the connection's member, never a field.
     */
    record RingAck(int ring, int sequence, long recent, int below) implements RdcmMessage {
    }

    /**
     * §3.5: the highest piece the sender and every member below it on the tree expect within the next
     * round trip, the least of h = m + w over them; sent to the tree parent, which sends no further.
     */
    record HighestExpected(int sequence) implements RdcmMessage {
    }
}
