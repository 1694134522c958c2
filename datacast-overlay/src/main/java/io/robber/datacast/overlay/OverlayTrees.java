package io.robber.datacast.overlay;

import io.robber.api.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.steiner.TreeVerifier;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.Topology;
import java.util.ArrayList;
import java.util.List;

/**
 * Plans a group's overlay trees: maps the members onto the servers of a data-center topology,
 * computes Datacast's edge-disjoint Steiner trees from the source's server to the others' (§4.1),
 * verifies them and contracts each to the members ({@link OverlayTree}).
 */
public final class OverlayTrees {
    private OverlayTrees() {
    }

    /**
     * The members placed on a topology and the verified Steiner trees from the source's server to the
     * others'.
     *
     * @param network  the topology's network
     * @param serverOf each member's server, a node index of {@code network}
     * @param trees    the edge-disjoint Steiner trees, each reaching every member's server
     */
    public record Placed(Network network, int[] serverOf, List<SteinerTree> trees) {
        public Placed {
            serverOf = serverOf.clone();
            trees = List.copyOf(trees);
        }

        /** Each member's server, a copy. */
        @Override
        public int[] serverOf() {
            return serverOf.clone();
        }

        /** Tree {@code t} contracted to the members. */
        public OverlayTree contracted(int t) {
            return OverlayTree.contract(network, trees.get(t), serverOf);
        }
    }

    /** Places a group of two or more members and computes its verified Steiner trees. */
    public static Placed place(Group group, MemberPlacement placement) {
        Topology topology = placement.topologyFor(group);
        Network network = topology.network();
        int[] serverOf = placement.serversOn(group, topology);
        List<Node> receivers = new ArrayList<>();
        for (int m = 0; m < serverOf.length; m++) {
            if (m != placement.source()) {
                receivers.add(network.node(serverOf[m]));
            }
        }
        var steinerGroup = new io.robber.datacast.steiner.Group(network.node(serverOf[placement.source()]), receivers);
        List<SteinerTree> steiner = MultipleSteinerTrees.on(topology).calculate(steinerGroup, FailedLinks.none()).trees();
        List<String> problems = TreeVerifier.problems(network, steinerGroup, FailedLinks.none(), steiner);
        if (steiner.isEmpty() || !problems.isEmpty()) {
            throw new IllegalStateException("no valid Steiner trees for the group on " + topology.spec() + ": "
                    + (steiner.isEmpty() ? "none found" : String.join("; ", problems)));
        }
        return new Placed(network, serverOf, steiner);
    }

    /** The verified Steiner trees from the source's server to the others', contracted to the members. */
    public static List<OverlayTree> plan(Group group, DatacastOptions options) {
        if (group.size() == 1) {
            return List.of();
        }
        Placed placed = place(group, options.placement());
        List<OverlayTree> trees = new ArrayList<>();
        for (int t = 0; t < placed.trees().size(); t++) {
            trees.add(placed.contracted(t));
        }
        return trees;
    }
}
