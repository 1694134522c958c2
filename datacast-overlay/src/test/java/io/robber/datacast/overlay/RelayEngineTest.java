package io.robber.datacast.overlay;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.engine.Timers;
import io.robber.sim.SimData;
import io.robber.sim.VirtualClock;
import io.robber.testkit.StubEngineContext;
import io.robber.wire.Message;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * One relay's engine, driven by hand: the paper's Table 1 group on BCube(4,1), where member 2 (server
 * 10) is member 1's (server 02) parent on tree 2 and the source's child on both trees.
 */
class RelayEngineTest {
    private static final int RELAY = 2;
    private static final int CHILD = 1;
    private static final int PIECES = 8;

    private final Group group = SimData.clusters(7);
    private final DatacastPlan plan = (DatacastPlan) new DatacastProtocol().plan(group, new ProtocolOptions(5, 5, 1,
            Map.of("datacast.topology", "bcube:4,1", "datacast.servers", "00,02,10,21,23,31,33",
                    "datacast.block-pieces", "1", "datacast.window", "1")));
    private final Recorder ctx = new Recorder();
    private final DatacastEngine engine = (DatacastEngine) plan.newEngine(ctx, new BitSet());

    @Test
    void aPendingInterestIsForwardedOnceAndEveryWaitingChildServed() {
        assertThat(plan.trees().get(1).parent(CHILD)).isEqualTo(RELAY);
        engine.start();
        assertThat(ctx.interests).as("w = 1 per tree: pieces 0 and 1, one to each tree's parent, the source")
                .containsExactly("0<-[0]", "0<-[1]");
        ctx.interests.clear();

        engine.onOwnMessage(CHILD, new Interests(false, new int[] {3}));
        engine.onOwnMessage(5, new Interests(false, new int[] {3}));
        assertThat(ctx.interests).as("forwarded upstream once").containsExactly("0<-[3]");
        assertThat(ctx.pieces).isEmpty();

        engine.onPieceReceived(0, 3);
        assertThat(ctx.pieces).as("both waiting children served").containsExactly("1<-3", "5<-3");
        ctx.pieces.clear();

        engine.onOwnMessage(CHILD, new Interests(true, new int[] {3}));
        assertThat(ctx.pieces).as("a retransmission of an answered interest on the same connection").isEmpty();
        engine.onPeerLost(CHILD);
        engine.onOwnMessage(CHILD, new Interests(true, new int[] {3}));
        assertThat(ctx.pieces).as("after the connection was lost, answered again").containsExactly("1<-3");
    }

    @Test
    void aDeadParentIsReplacedByTheNextMemberAboveAndGetsTheOutstandingInterests() {
        Recorder childCtx = new Recorder(CHILD);
        DatacastEngine child = (DatacastEngine) plan.newEngine(childCtx, new BitSet());
        child.start();
        assertThat(childCtx.interests).containsExactly("0<-[0]", "2<-[1]");
        childCtx.interests.clear();
        BitSet dead = new BitSet();
        dead.set(RELAY);
        child.onMembersDead(dead);
        assertThat(childCtx.interests).as("tree 2's interest, now to the source").containsExactly("0<-[1]");
        assertThat(childCtx.failure).isNull();
    }

    /** A context that records the interests and pieces the engine sends, and its failure. */
    private final class Recorder extends StubEngineContext {
        private final VirtualClock clock = new VirtualClock();
        final List<String> interests = new ArrayList<>();
        final List<String> pieces = new ArrayList<>();
        String failure;

        Recorder() {
            this(RELAY);
        }

        Recorder(int self) {
            super(group, self, SimData.manifest(PIECES, 1024), plan.graph().neighbours(self), new SplittableRandom(1));
        }

        @Override
        public void send(int peer, Message message) {
            throw new AssertionError("datacast sends only its own messages, not " + message);
        }

        @Override
        public void sendOwn(int peer, Object message) {
            interests.add(peer + "<-" + Arrays.toString(((Interests) message).pieces()));
        }

        @Override
        public void sendPiece(int peer, int piece) {
            pieces.add(peer + "<-" + piece);
        }

        @Override
        public void pushPiece(int peer, int piece) {
            throw new AssertionError("datacast answers interests, it pushes nothing");
        }

        @Override
        public void fail(String reason) {
            failure = reason;
        }

        @Override
        public Timers timers() {
            return clock;
        }
    }
}
