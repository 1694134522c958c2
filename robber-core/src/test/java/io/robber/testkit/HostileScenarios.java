package io.robber.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.engine.PeerGraph;
import io.robber.engine.Protocol;
import io.robber.sim.PieceTrace;
import io.robber.sim.SimBuilder;
import io.robber.sim.SimData;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import io.robber.wire.Message;
import io.robber.wire.MessageType;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 14, item 9: a hostile member forges control messages and pieces behind its own engine's
 * back, in virtual time, and every honest member still ends with every piece. Member 0 is the root,
 * member 1 the hostile one, in the root's cluster; the group and the protocol are the subclass's,
 * which runs every test here. Each test runs one forgery and asserts that every honest member holds
 * every piece, failed nothing and refused the forgery (counted by type).
 */
public abstract class HostileScenarios {
    private static final int PIECES = 128;
    private static final int HOSTILE = 1;
    private static final int OP = 1;
    private static final long MS = 1_000_000L;

    private final Group group;
    private final Protocol protocol;
    private final ProtocolOptions options;
    private final PeerGraph graph;

    protected HostileScenarios(Group group, Protocol protocol, ProtocolOptions options) {
        this.group = group;
        this.protocol = protocol;
        this.options = options;
        this.graph = protocol.plan(group, options).graph();
    }

    /** A false done naming every member (its neighbours and themselves included): the root used to stop serving at once. */
    @Test
    public void aFalseDoneEndsNobodyEarly() {
        BitSet everyone = new BitSet();
        everyone.set(0, group.size());
        SimBuilder b = builder();
        for (long at = 0; at <= 50 * MS; at += 10 * MS) {
            for (int n : neighbours()) {
                b.forge(at, HOSTILE, n, new Message.Done(OP, everyone));
            }
        }
        SimResult result = completes(b);

        assertThat(rejected(result, MessageType.DONE)).isPositive();
    }

    /** A false possession: every member of the other clusters holds everything; they used to drop all their work. */
    @Test
    public void aFalsePossessionClearsNoCollectivesWork() {
        BitSet all = new BitSet();
        all.set(0, PIECES);
        List<Message.Possession.Held> held = new ArrayList<>();
        for (int m = 0; m < group.size(); m++) {
            if (!group.sameCluster(m, HOSTILE)) {
                held.add(new Message.Possession.Held(m, all));
            }
        }
        Message forged = new Message.Possession(OP, SimData.manifest(PIECES, 4096).rootDigest(),
                new BitSet(), held);
        SimBuilder b = builder();
        for (int n : neighbours()) {
            b.forge(0, HOSTILE, n, forged);
        }
        SimResult result = completes(b);

        assertThat(rejected(result, MessageType.POSSESSION)).isPositive();
    }

    /** Steals and found-work from a member of another cluster: its victims used to hand it their work, which was lost. */
    @Test
    public void aStealFromANonLocalMemberTakesNoWork() {
        SimBuilder b = builder();
        List<Integer> victims = neighbours().stream().filter(n -> !group.sameCluster(n, HOSTILE)).toList();
        assertThat(victims).isNotEmpty();
        for (long at = 0; at <= 100 * MS; at += MS) {
            for (int v : victims) {
                b.forge(at, HOSTILE, v, new Message.Steal(OP));
                b.forge(at, HOSTILE, v, new Message.FoundWork(OP));
            }
        }
        SimResult result = completes(b);

        assertThat(rejected(result, MessageType.STEAL)).isPositive();
        assertThat(rejected(result, MessageType.FOUND_WORK)).isPositive();
    }

    /** Deaths of each neighbour, told to itself and to the others: they used to give up, or drop live peers. */
    @Test
    public void aFalseDeathKillsNobody() {
        SimBuilder b = builder();
        for (int n : neighbours()) {
            for (int m : neighbours()) {
                b.forge(MS, HOSTILE, n, new Message.Dead(OP, m, "forged"));
            }
            for (int m : graph.neighbours(n)) {
                if (m != HOSTILE) {
                    b.forge(2 * MS, HOSTILE, n, new Message.Dead(OP, m, "forged"));
                }
            }
        }
        SimResult result = completes(b);

        assertThat(rejected(result, MessageType.DEAD)).isPositive();
    }

    /** Pieces nobody asked for (the hostile member holds none): refused before the digest check, never stored. */
    @Test
    public void unrequestedPiecesAreRefused() {
        Set<Long> requested = new HashSet<>();
        List<String> unasked = new ArrayList<>();
        SimBuilder b = builder().trace(new PieceTrace() {
            @Override
            public void delivered(long nanos, int from, int to, int piece) {
                if (!requested.contains(key(to, from, piece))) {
                    unasked.add(group.member(from).id() + " -> " + group.member(to).id() + ": piece " + piece);
                }
            }

            @Override
            public void requested(long nanos, int from, int to, int piece) {
                requested.add(key(from, to, piece));
            }
        });
        for (int n : neighbours()) {
            for (int piece = 0; piece < 16; piece++) {
                b.forgePiece(0, HOSTILE, n, piece);
            }
        }
        SimResult result = completes(b);

        assertThat(unasked).as("pieces taken that were never requested from their sender").isEmpty();
        assertThat(rejected(result, MessageType.PIECE)).isEqualTo(16L * neighbours().size());
    }

    private long key(int asker, int asked, int piece) {
        return ((long) asker * group.size() + asked) * PIECES + piece;
    }

    private SimBuilder builder() {
        return SimNetwork.builder(group, protocol)
                .options(options)
                .pieces(PIECES, 4096)
                .possession(SimData.roots(PIECES, 0))
                .seed(7);
    }

    /**
     * Runs and checks that every honest member holds everything and failed nothing (the hostile one's
     * own engine may be misled by its lies: relays never send news back to where it came from).
     */
    private SimResult completes(SimBuilder b) {
        SimResult result = b.run();
        for (int m = 0; m < group.size(); m++) {
            if (m == HOSTILE) {
                continue;
            }
            assertThat(result.holds(m).cardinality()).as("pieces of %s", group.member(m).id()).isEqualTo(PIECES);
            assertThat(result.node(m).failure()).as("failure of %s", group.member(m).id()).isNull();
        }
        assertThat(result.disconnects()).isEmpty();
        return result;
    }

    private List<Integer> neighbours() {
        return graph.neighbours(HOSTILE);
    }

    private long rejected(SimResult result, MessageType type) {
        long n = 0;
        for (int m = 0; m < group.size(); m++) {
            n += result.node(m).messagesRejected(type);
        }
        return n;
    }
}
