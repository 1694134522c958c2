package io.robber.datacast.rdcm.channel;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.datacast.overlay.OverlayTrees;
import io.robber.engine.OptionNames;
import io.robber.engine.Protocol;
import io.robber.engine.ProtocolPlan;
import java.util.List;

/**
 * RDCM (Li et al., <i>Reliable Multicast in Data Center Networks</i>) among the group's members: the
 * members are placed on the servers of a data-center topology, the source pushes the data down a
 * multicast tree on which members relay what the paper's switches replicate, and each receiver ACKs on
 * RDCM's backup overlay of rings and repairs its overlay successor when the ACK does not come (§3.3).
 * A dead member is removed and the overlay rebuilt (§3.4); the source sends no further than the
 * slowest receiver's highest expected piece (§3.5). Options: {@link RdcmOptions}.
 */
public final class RdcmProtocol implements Protocol {
    public static final String NAME = "rdcm";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ProtocolPlan plan(Group group, ProtocolOptions options) {
        RdcmOptions validated = RdcmOptions.of(group, options);
        if (group.size() == 1) {
            return RdcmPlan.alone(validated);
        }
        return RdcmPlan.of(validated, OverlayTrees.place(group, validated.placement()));
    }

    @Override
    public List<OptionNames> optionNames() {
        return List.of(RdcmOptions.OPTIONS);
    }
}
