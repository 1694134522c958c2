package io.robber.datacast.overlay;

import io.robber.api.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.steiner.TreeVerifier;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.TopologySpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Plans a group's overlay trees: maps the members onto the servers of a data-center topology,
 * computes Datacast's edge-disjoint Steiner trees from the source's server to the others' (§4.1),
 * verifies them and contracts each to the members ({@link OverlayTree}).
 */
public final class OverlayTrees {
    private OverlayTrees() {
    }

    /** The topology the members are mapped onto: the option's, else every member under one switch. */
    public static Topology topology(Group group, DatacastOptions options) {
        return options.topology().orElseGet(() -> TopologySpec.parse("leafspine:1,1," + group.size()));
    }

    /** Each member's server, a node index of {@code topology}: the named ones, else member i on server i. */
    public static int[] servers(Group group, Topology topology, DatacastOptions options) {
        Network network = topology.network();
        int[] serverOf = new int[group.size()];
        if (options.servers().isEmpty()) {
            if (group.size() > network.servers().size()) {
                throw new IllegalArgumentException("the group's " + group.size() + " members do not fit on the "
                        + network.servers().size() + " servers of " + topology.spec() + ": choose a larger "
                        + DatacastOptions.PREFIX + "topology");
            }
            for (int m = 0; m < serverOf.length; m++) {
                serverOf[m] = network.servers().get(m).index();
            }
            return serverOf;
        }
        if (options.servers().size() != group.size()) {
            throw new IllegalArgumentException(DatacastOptions.PREFIX + "servers names " + options.servers().size()
                    + " servers, but the group has " + group.size() + " members: name one per member, in member order");
        }
        Set<Integer> taken = new HashSet<>();
        for (int m = 0; m < serverOf.length; m++) {
            String name = options.servers().get(m);
            Node node;
            try {
                node = network.node(name);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(DatacastOptions.PREFIX + "servers: " + topology.spec() + ": "
                        + e.getMessage());
            }
            if (!node.isServer()) {
                throw new IllegalArgumentException(DatacastOptions.PREFIX + "servers: " + name + " is a switch of "
                        + topology.spec() + ", not a server");
            }
            if (!taken.add(node.index())) {
                throw new IllegalArgumentException(DatacastOptions.PREFIX + "servers: server " + name
                        + " is named twice; one member per server");
            }
            serverOf[m] = node.index();
        }
        return serverOf;
    }

    /** The verified Steiner trees from the source's server to the others', contracted to the members. */
    public static List<OverlayTree> plan(Group group, DatacastOptions options) {
        if (group.size() == 1) {
            return List.of();
        }
        Topology topology = topology(group, options);
        Network network = topology.network();
        int[] serverOf = servers(group, topology, options);
        List<Node> receivers = new ArrayList<>();
        for (int m = 0; m < serverOf.length; m++) {
            if (m != options.source()) {
                receivers.add(network.node(serverOf[m]));
            }
        }
        var steinerGroup = new io.robber.datacast.steiner.Group(network.node(serverOf[options.source()]), receivers);
        List<SteinerTree> steiner = MultipleSteinerTrees.on(topology).calculate(steinerGroup, FailedLinks.none()).trees();
        List<String> problems = TreeVerifier.problems(network, steinerGroup, FailedLinks.none(), steiner);
        if (steiner.isEmpty() || !problems.isEmpty()) {
            throw new IllegalStateException("no valid Steiner trees for the group on " + topology.spec() + ": "
                    + (steiner.isEmpty() ? "none found" : String.join("; ", problems)));
        }
        return steiner.stream().map(tree -> OverlayTree.contract(network, tree, serverOf)).toList();
    }
}
