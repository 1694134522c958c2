package io.robber.datacast.rdcm;

import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * How the multicast manager computes a group's new tree once links are known to have failed
 * (§3.4), e.g. a Steiner tree from the source to {@code receivers} over the live links; empty if the
 * receivers cannot all be reached.
 */
@FunctionalInterface
public interface TreeRebuild {
    /** The manager keeps the tree it has. */
    TreeRebuild NONE = (receivers, failed) -> Optional.empty();

    Optional<MulticastTree> avoiding(int[] receivers, FailedLinks failed);

    /** The first of {@code steiner}'s Steiner trees from {@code source} to the receivers over the links not failed. */
    static TreeRebuild steiner(MultipleSteinerTrees steiner, Network network, int source) {
        return (receivers, failed) -> steiner.calculate(new Group(network.node(source),
                        IntStream.of(receivers).mapToObj(network::node).toList()), failed).trees().stream().findFirst()
                .map(tree -> MulticastTree.of(network, tree));
    }
}
