package io.robber.datacast.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.robber.datacast.signalling.EncodedTree;
import io.robber.datacast.signalling.TreeAck;
import io.robber.datacast.signalling.TreeMessage;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import io.robber.datacast.transport.TreeSignal.BlockAnnouncement;
import io.robber.datacast.transport.TreeSignal.TreePlan;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The signalling's packets as bytes on loopback: what is read back is what was written. */
class DatacastCodecTest {
    private final BCube bcube = BCube.of(4, 1, LinkProfiles.DEFAULT);
    private final Network network = bcube.network();

    private Object roundTrip(Object payload) {
        ByteBuf buffer = Unpooled.buffer();
        DatacastCodec.INSTANCE.encode(payload, buffer);
        Object read = DatacastCodec.INSTANCE.decode(buffer);
        assertThat(buffer.isReadable()).isFalse();
        return read;
    }

    @Test
    void aTreeMessageComesBackWithItsSubtreePathAndBody() {
        Group group = new Group(network.node("00"),
                List.of("02", "10", "21", "23", "31", "33").stream().map(network::node).toList());
        SteinerTree tree = MultipleSteinerTrees.on(bcube).calculate(group, FailedLinks.none()).trees().get(1);
        BitSet receivers = new BitSet();
        group.receivers().forEach(node -> receivers.set(node.index()));
        EncodedTree encoded = EncodedTree.of(network, tree.source(), tree.arcs(), receivers::get);
        EncodedTree child = encoded.children().get(0);

        TreeMessage plan = (TreeMessage) roundTrip(new TreeMessage(7, child, new int[] {child.arcIn()},
                new TreePlan(2, new int[] {1, 3})));
        assertThat(plan.id()).isEqualTo(7);
        assertThat(plan.pathFromRoot()).containsExactly(child.arcIn());
        assertThat(plan.body()).isInstanceOfSatisfying(TreePlan.class, body -> {
            assertThat(body.tree()).isEqualTo(2);
            assertThat(body.blocks()).containsExactly(1, 3);
        });
        assertThat(plan.subtree().arcIn()).isEqualTo(child.arcIn());
        assertThat(plan.subtree().nodes()).isEqualTo(child.nodes());
        assertThat(plan.subtree().receivers()).isEqualTo(child.receivers());
        assertThat(plan.subtree().children()).extracting(EncodedTree::arcIn)
                .containsExactlyElementsOf(child.children().stream().map(EncodedTree::arcIn).toList());

        TreeMessage whole = (TreeMessage) roundTrip(new TreeMessage(8, encoded, new int[0],
                new BlockAnnouncement(1, -1, 4)));
        assertThat(whole.subtree().nodes()).isEqualTo(encoded.nodes());
        assertThat(whole.subtree().receivers()).isEqualTo(6);
        assertThat(whole.body()).isEqualTo(new BlockAnnouncement(1, -1, 4));
    }

    @Test
    void anAckAndANextBlockRequestComeBackEqual() {
        assertThat(roundTrip(new TreeAck(9_000_000_000L, 5, 6, 3))).isEqualTo(new TreeAck(9_000_000_000L, 5, 6, 3));
        assertThat(roundTrip(new NextBlock(2, 11))).isEqualTo(new NextBlock(2, 11));
    }
}
