package io.robber.datacast.overlay;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.engine.OptionNames;
import io.robber.engine.Protocol;
import io.robber.engine.ProtocolPlan;
import io.robber.transport.TransportOptions;
import java.util.List;

/**
 * Datacast (Cheng et al.) as an overlay among the group's members: the members are mapped onto the
 * servers of a data-center topology, Datacast's edge-disjoint Steiner trees are computed from the
 * source's server to the others' (§4.1) and contracted to the members, and the data flows down them,
 * block b on tree b mod k, pulled by interests (§5): members on a tree relay and, at its branching
 * points, serve from their own copy, doing what the paper's switches do. Options: {@link DatacastOptions}.
 */
public final class DatacastProtocol implements Protocol {
    public static final String NAME = "datacast";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ProtocolPlan plan(Group group, ProtocolOptions options) {
        DatacastOptions validated = DatacastOptions.of(group, options);
        List<OverlayTree> trees = OverlayTrees.plan(group, validated);
        int outstanding = 2 * validated.window() * trees.size();
        if (outstanding > TransportOptions.DEFAULT_MAX_UNANSWERED_REQUESTS) {
            throw new IllegalArgumentException(DatacastOptions.PREFIX + "window=" + validated.window() + " on "
                    + trees.size() + " trees lets a member have " + outstanding + " interests (w of its own and w"
                    + " forwarded per tree) outstanding with one parent, more than the transport's "
                    + TransportOptions.DEFAULT_MAX_UNANSWERED_REQUESTS + " unanswered requests: lower "
                    + DatacastOptions.PREFIX + "window to at most "
                    + TransportOptions.DEFAULT_MAX_UNANSWERED_REQUESTS / (2 * trees.size()));
        }
        return DatacastPlan.of(group.size(), validated, trees);
    }

    @Override
    public List<OptionNames> optionNames() {
        return List.of(DatacastOptions.OPTIONS);
    }
}
