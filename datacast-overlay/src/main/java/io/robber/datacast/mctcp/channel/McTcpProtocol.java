package io.robber.datacast.mctcp.channel;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.engine.OptionNames;
import io.robber.engine.Protocol;
import io.robber.engine.ProtocolPlan;
import java.util.List;

/**
 * MCTCP (Zhu et al., <i>MCTCP: Congestion-aware and robust multicast TCP in Software-Defined
 * networks</i>) among the group's members: the members are placed on the servers of a data-center
 * topology, MCTCP's group manager routes the multicast tree (SWP-WMPH or SP-MPH), on which members
 * relay what the paper's switches replicate, and the source runs TCP to every receiver at once:
 * a Reno window advanced by the slowest receiver's cumulative ACK, retransmissions down the tree, and
 * a receiver silent too long evicted so the others finish. Options: {@link McTcpOptions}.
 */
public final class McTcpProtocol implements Protocol {
    public static final String NAME = "mctcp";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ProtocolPlan plan(Group group, ProtocolOptions options) {
        McTcpOptions validated = McTcpOptions.of(group, options);
        return group.size() == 1 ? McTcpPlan.alone(validated) : McTcpPlan.of(group, validated);
    }

    @Override
    public List<OptionNames> optionNames() {
        return List.of(McTcpOptions.OPTIONS);
    }
}
