package io.robber.datacast.topology;

import java.util.List;
import java.util.function.Consumer;

/**
 * A data-center topology of the Datacast paper (§4.1.1) or of MCTCP: a {@link Network}, built once
 * from the topology's parameters and link profiles, with the addressing its spanning-tree
 * construction needs.
 */
public abstract sealed class Topology permits Fattree, BCube, Torus, LeafSpine {
    private final String spec;
    private final LinkProfiles profiles;
    private final Network network;

    /** @param wiring adds the servers, then the switches, then the links */
    Topology(String spec, LinkProfiles profiles, Consumer<NetworkBuilder> wiring) {
        this.spec = spec;
        this.profiles = profiles;
        NetworkBuilder builder = new NetworkBuilder(profiles);
        wiring.accept(builder);
        this.network = builder.build();
    }

    /** The short spec this topology is built from, e.g. {@code bcube:4,1}. */
    public final String spec() {
        return spec;
    }

    public final Network network() {
        return network;
    }

    /** The profiles the links were given. */
    public final LinkProfiles linkProfiles() {
        return profiles;
    }

    public final List<Node> servers() {
        return network.servers();
    }

    @Override
    public String toString() {
        return spec;
    }
}
