package io.robber.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Manifest;
import io.robber.wire.Message;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the far end of a simulated connection gets: an equal message that the sender can no longer change. */
class SimMessagesTest {

    @Test
    void copiesAreEqualAndIndependentOfTheSendersSets() {
        BitSet pieces = new BitSet();
        pieces.set(3);
        pieces.set(70);
        byte[] root = new byte[Manifest.DIGEST_LENGTH];
        byte[] payload = {1, 2, 3};
        List<Message> sent = List.of(new Message.Desire(1, pieces), new Message.Bitfield(1, pieces),
                new Message.Work(1, pieces), new Message.Possession(1, root, pieces,
                        List.of(new Message.Possession.Held(1, pieces))), new Message.Done(1, pieces),
                new Message.ProtocolMessage(1, payload));
        List<Message> copies = sent.stream().map(SimMessages::copy).toList();
        assertThat(copies).usingRecursiveFieldByFieldElementComparator().isEqualTo(sent);
        pieces.set(5);
        root[0] = 9;
        payload[0] = 9;
        BitSet original = new BitSet();
        original.set(3);
        original.set(70);
        assertThat(((Message.Desire) copies.get(0)).pieces()).isEqualTo(original);
        assertThat(((Message.Bitfield) copies.get(1)).pieces()).isEqualTo(original);
        assertThat(((Message.Work) copies.get(2)).pieces()).isEqualTo(original);
        assertThat(((Message.Possession) copies.get(3)).empty()).isEqualTo(original);
        assertThat(((Message.Possession) copies.get(3)).held().get(0).pieces()).isEqualTo(original);
        assertThat(((Message.Possession) copies.get(3)).rootDigest()[0]).isZero();
        assertThat(((Message.Done) copies.get(4)).members()).isEqualTo(original);
        assertThat(((Message.ProtocolMessage) copies.get(5)).payload()[0]).isEqualTo((byte) 1);
    }

    @Test
    void valueMessagesPassAsTheyAre() {
        Message request = new Message.Request(1, 4);
        Message have = new Message.Have(1, new int[] {1, 2});
        assertThat(SimMessages.copy(request)).isSameAs(request);
        assertThat(SimMessages.copy(have)).isSameAs(have);
    }
}
