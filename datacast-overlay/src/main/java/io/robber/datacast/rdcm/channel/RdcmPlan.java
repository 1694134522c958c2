package io.robber.datacast.rdcm.channel;

import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.overlay.OverlayTree;
import io.robber.datacast.overlay.OverlayTrees;
import io.robber.datacast.rdcm.BackupOverlay;
import io.robber.datacast.rdcm.BackupOverlayBuild;
import io.robber.datacast.rdcm.OverlayRing;
import io.robber.datacast.rdcm.OverlayVerifier;
import io.robber.datacast.rdcm.ProxyTieBreak;
import io.robber.engine.EngineContext;
import io.robber.engine.MessageCodec;
import io.robber.engine.PeerGraph;
import io.robber.engine.ProtocolEngine;
import io.robber.engine.ProtocolPlan;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * What {@code rdcm} makes of a group: the multicast tree from the source's server to the other
 * members' (the first of Datacast's Steiner trees on the placement's topology), the same tree
 * contracted to the members, who relay down it, RDCM's backup overlay of rings on it (§3.2), and a
 * peer graph connecting each member to its two nearest member ancestors on the tree, to the next two
 * members of each ring it joined and to each ring's overlay parent.
 */
public final class RdcmPlan implements ProtocolPlan {
    /** The seed of the overlay's random proxy choice (§3.2), the same on every member. */
    private static final long PROXY_SEED = 1;

    private final RdcmOptions options;
    private final MulticastTree tree;
    private final OverlayTree members;
    private final int[] serverOf;
    private final int[] memberAt;
    private final BackupOverlay overlay;
    private final PeerGraph graph;

    private RdcmPlan(RdcmOptions options, OverlayTrees.Placed placed) {
        this.options = options;
        if (placed == null) {
            this.tree = null;
            this.members = null;
            this.serverOf = new int[1];
            this.memberAt = new int[0];
            this.overlay = null;
            this.graph = new PeerGraph.Builder(1).build();
            return;
        }
        this.tree = MulticastTree.of(placed.network(), placed.trees().get(0));
        this.members = placed.contracted(0);
        this.serverOf = placed.serverOf();
        this.memberAt = new int[placed.network().nodeCount()];
        Arrays.fill(memberAt, -1);
        for (int m = 0; m < serverOf.length; m++) {
            memberAt[serverOf[m]] = m;
        }
        this.overlay = build(new BitSet());
        List<String> problems = OverlayVerifier.problems(tree, overlay);
        if (!problems.isEmpty()) {
            throw new IllegalStateException("RDCM's backup overlay for the group is wrong: "
                    + String.join("; ", problems));
        }
        this.graph = graph(serverOf.length);
    }

    /** The plan of a group of two or more members. */
    static RdcmPlan of(RdcmOptions options, OverlayTrees.Placed placed) {
        return new RdcmPlan(options, placed);
    }

    /** The plan of a group of one, its source: nothing to send. */
    static RdcmPlan alone(RdcmOptions options) {
        return new RdcmPlan(options, null);
    }

    /** Whether the group is its source alone. */
    boolean isAlone() {
        return tree == null;
    }

    @Override
    public RdcmOptions options() {
        return options;
    }

    @Override
    public PeerGraph graph() {
        return graph;
    }

    /** The multicast tree contracted to the members: each member's parent is its nearest member ancestor. */
    public OverlayTree members() {
        return members;
    }

    /** The backup overlay of the whole group. */
    public BackupOverlay overlay() {
        return overlay;
    }

    /** The member on the server {@code node}, or -1. */
    int member(int node) {
        return node >= 0 && node < memberAt.length ? memberAt[node] : -1;
    }

    /** Whether {@code node} is a node of the topology. */
    boolean isNode(int node) {
        return node >= 0 && node < memberAt.length;
    }

    /** The server of member {@code member}, a node of the tree. */
    int node(int member) {
        return serverOf[member];
    }

    /**
     * The backup overlay rebuilt without the {@code dead} members (§3.4): the tree pruned to the live
     * receivers, and Fig. 8's algorithm run on it again. Every member builds the same one from the same
     * dead set.
     */
    public BackupOverlay overlayWithout(BitSet dead) {
        return dead.isEmpty() ? overlay : build(dead);
    }

    private BackupOverlay build(BitSet dead) {
        int[] receivers = new int[serverOf.length];
        int count = 0;
        for (int m = 0; m < serverOf.length; m++) {
            if (m != options.source() && !dead.get(m)) {
                receivers[count++] = serverOf[m];
            }
        }
        receivers = Arrays.copyOf(receivers, count);
        MulticastTree pruned = dead.isEmpty() ? tree : tree.prunedTo(receivers);
        return BackupOverlayBuild.build(pruned, receivers, ProxyTieBreak.random(new SplittableRandom(PROXY_SEED)));
    }

    private PeerGraph graph(int size) {
        PeerGraph.Builder builder = new PeerGraph.Builder(size);
        members.connectAncestors(builder, 2);
        for (OverlayRing ring : overlay.rings()) {
            int parent = memberAt[ring.overlayParent()];
            for (int r : ring.members()) {
                int next = ring.successor(r);
                connect(builder, memberAt[r], memberAt[next]);
                connect(builder, memberAt[r], memberAt[ring.successor(next)]);
                connect(builder, memberAt[r], parent);
            }
        }
        return builder.build();
    }

    private static void connect(PeerGraph.Builder builder, int a, int b) {
        if (a != b) {
            builder.connect(a, b);
        }
    }

    @Override
    public Optional<String> checkPossession(List<BitSet> possessions, int pieceCount) {
        return options.placement().sourceHoldsAll(RdcmProtocol.NAME, possessions, pieceCount);
    }

    @Override
    public ProtocolEngine newEngine(EngineContext context, BitSet possession) {
        return new RdcmMemberEngine(context, this, possession);
    }

    @Override
    public Optional<MessageCodec<?>> messageCodec() {
        return Optional.of(RdcmCodec.INSTANCE);
    }
}
