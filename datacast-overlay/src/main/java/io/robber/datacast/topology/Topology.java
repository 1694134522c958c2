package io.robber.datacast.topology;

import java.util.List;

/**
 * A data-center topology of the Datacast paper (§4.1.1) or of MCTCP: a {@link Network} with the
 * addressing its spanning-tree construction needs.
 */
public sealed interface Topology permits Fattree, BCube, Torus, LeafSpine {
    /** The short spec this topology is built from, e.g. {@code bcube:4,1}. */
    String spec();

    Network network();

    /** The profiles the links were given. */
    LinkProfiles linkProfiles();

    default List<Node> servers() {
        return network().servers();
    }
}
