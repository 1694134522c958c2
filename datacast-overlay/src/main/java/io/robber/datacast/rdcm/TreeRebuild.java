package io.robber.datacast.rdcm;

import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.topology.FailedLinks;
import java.util.Optional;

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
}
