package io.robber.engine;

import io.robber.api.Group;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Who may tell this node what about a member, in the group-wide floods of possessions, done members
 * and deaths. Floods are relayed, so a message names members other than its sender; a relay cannot
 * prove what it passes on, but the graph says who could have produced it:
 * <ul>
 *   <li><b>A neighbour speaks for itself.</b> Every member tells each of its neighbours its own
 *       possession, that it is done and that it gives up directly (and again after a reconnection),
 *       so news about a neighbour relayed by anyone else is refused: the neighbour's own word comes.
 *       This is the paper's per-peer done (§3.1, phase 4) kept inside the group-wide flood, and it
 *       means that a member's neighbours — the nodes that serve it — never stop serving it on a
 *       relay's word.</li>
 *   <li><b>Nobody speaks for this node.</b> Its own possession, being done or dead is its own to say.</li>
 *   <li><b>A collective's possessions come from inside.</b> When this node's collective is connected
 *       by local edges (Lemma 1 for Robber and MOB), the possession of a fellow member reaches it over
 *       local peers alone, so one relayed by another cluster is refused: a member of another cluster
 *       cannot clear this collective's work (§3: work(C) is what C does not hold).</li>
 *   <li><b>A neighbour's death needs this node's own evidence.</b> It is taken from the neighbour
 *       itself (it gave up) or when this node has lost the connection too; a neighbour whose
 *       connection is up is alive, whatever a relay says.</li>
 * </ul>
 * A relay applies the same rules before it sends (the graph is the same everywhere): it tells no
 * member about itself, nor about that member's neighbours, which speak (or, for a death, judge) for
 * themselves. Honest members thus never send what the receiver refuses, and whatever is refused is
 * counted and logged ({@link Rejections}). Everything else is relayed as before. What a relay says
 * about members that are neither its neighbours nor this node's stays unverifiable without
 * signatures; the rules above keep it from reaching the members concerned and the nodes that serve
 * them.
 */
final class FloodOrigins {
    private final Group group;
    private final PeerGraph graph;
    /** Per cluster index: whether its members are connected by local edges alone; computed when first asked. */
    private final Map<Integer, Boolean> locallyConnected = new HashMap<>();

    FloodOrigins(Group group, PeerGraph graph) {
        this.group = group;
        this.graph = graph;
    }

    /**
     * Whether {@code from} may tell its neighbour {@code to} news about {@code member}: not about
     * {@code to} itself, nor about another neighbour of {@code to}, which speaks for itself.
     */
    boolean mayTell(int from, int to, int member) {
        return member != to && (member == from || !graph.connected(to, member));
    }

    /** The members of {@code members} whose being done {@code from} may tell its neighbour {@code to}. */
    BitSet done(int from, int to, BitSet members) {
        BitSet accepted = (BitSet) members.clone();
        graph.clearNeighbours(to, accepted);
        accepted.clear(to);
        if (from != to && members.get(from)) {
            accepted.set(from);
        }
        return accepted;
    }

    /** The members of {@code members} whose initial possession {@code from} may tell its neighbour {@code to}. */
    BitSet possession(int from, int to, BitSet members) {
        BitSet accepted = done(from, to, members);
        if (!group.sameCluster(from, to) && locallyConnected(to)) {
            for (int m : group.collectiveOf(to)) {
                accepted.clear(m);
            }
        }
        return accepted;
    }

    /**
     * Whether {@code from} may tell its neighbour {@code to} that {@code member} is dead;
     * {@code evidence} when {@code to} has lost {@code member}'s connection too (or never had it: a
     * neighbour away at the start counts as lost).
     */
    boolean death(int from, int to, int member, boolean evidence) {
        return mayTell(from, to, member) || evidence && member != to;
    }

    /** True when the collective of {@code member} is connected by edges among its own members. */
    private boolean locallyConnected(int member) {
        return locallyConnected.computeIfAbsent(group.clusterIndex(member), c -> {
            List<Integer> members = group.collectiveOf(member);
            BitSet inside = new BitSet();
            members.forEach(inside::set);
            return graph.reachable(members.get(0), inside::get).equals(inside);
        });
    }
}
