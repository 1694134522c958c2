package io.robber.datacast.overlay;

import io.robber.api.Group;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.TopologyFile;
import io.robber.datacast.topology.TopologySpec;
import io.robber.engine.StringOptions;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where an overlay protocol puts a group's members on a data-center network, read from the options
 * {@code PREFIX.topology} (a spec such as {@code bcube:4,1}) or {@code PREFIX.topology-file} (JSON),
 * {@code PREFIX.servers} and {@code PREFIX.source}, under the protocol's own prefix.
 *
 * @param prefix   the protocol's option prefix, e.g. {@code datacast.}, for the messages
 * @param topology the network the members are mapped onto; empty for every member under one switch
 * @param servers  the server of each member, by name, in member order; empty for member i on server i
 * @param source   the sending member's index (default: the group's first)
 */
public record MemberPlacement(String prefix, Optional<Topology> topology, List<String> servers, int source) {
    private static final Set<String> KEYS = Set.of("topology", "topology-file", "servers", "source");

    public MemberPlacement {
        servers = List.copyOf(servers);
    }

    /** The option names a protocol accepts: this record's and {@code own}, without the prefix. */
    public static Set<String> keysWith(String... own) {
        Set<String> keys = new HashSet<>(KEYS);
        keys.addAll(Set.of(own));
        return Set.copyOf(keys);
    }

    public static MemberPlacement read(Group group, StringOptions options, String prefix) {
        String spec = options.text("topology", null);
        String file = options.text("topology-file", null);
        if (spec != null && file != null) {
            throw new IllegalArgumentException("give " + prefix + "topology or " + prefix + "topology-file, not both");
        }
        Optional<Topology> topology = file != null ? Optional.of(TopologyFile.read(Path.of(file)))
                : Optional.ofNullable(spec).map(TopologySpec::parse);
        String list = options.text("servers", "");
        List<String> servers = list.isBlank() ? List.of() : Arrays.stream(list.split(",")).map(String::trim).toList();
        return new MemberPlacement(prefix, topology, servers, source(group, options.text("source", null), prefix));
    }

    private static int source(Group group, String id, String prefix) {
        if (id == null) {
            return 0;
        }
        int source = group.indexOf(id);
        if (source < 0) {
            throw new IllegalArgumentException(prefix + "source=" + id + " is not a member of the group; members: "
                    + group.members().stream().map(m -> m.id()).toList());
        }
        return source;
    }

    /**
     * The plan's possession check for a protocol that sends everything from its source: the problem
     * if the source does not hold the whole data set.
     */
    public Optional<String> sourceHoldsAll(String protocol, List<BitSet> possessions, int pieceCount) {
        int held = possessions.get(source).cardinality();
        return held >= pieceCount ? Optional.empty()
                : Optional.of(protocol + " sends from its source, member " + source + " (option " + prefix
                        + "source), which holds " + held + " of " + pieceCount
                        + " pieces; it needs the whole data set");
    }

    /** The topology the members are mapped onto: the option's, else every member under one switch. */
    public Topology topologyFor(Group group) {
        return topology.orElseGet(() -> TopologySpec.parse("leafspine:1,1," + group.size()));
    }

    /** Each member's server, a node index of {@code topology}: the named ones, else member i on server i. */
    public int[] serversOn(Group group, Topology topology) {
        Network network = topology.network();
        int[] serverOf = new int[group.size()];
        if (servers.isEmpty()) {
            if (group.size() > network.servers().size()) {
                throw new IllegalArgumentException("the group's " + group.size() + " members do not fit on the "
                        + network.servers().size() + " servers of " + topology.spec() + ": choose a larger "
                        + prefix + "topology");
            }
            for (int m = 0; m < serverOf.length; m++) {
                serverOf[m] = network.servers().get(m).index();
            }
            return serverOf;
        }
        if (servers.size() != group.size()) {
            throw new IllegalArgumentException(prefix + "servers names " + servers.size()
                    + " servers, but the group has " + group.size() + " members: name one per member, in member order");
        }
        Set<Integer> taken = new HashSet<>();
        for (int m = 0; m < serverOf.length; m++) {
            String name = servers.get(m);
            Node node;
            try {
                node = network.node(name);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(prefix + "servers: " + topology.spec() + ": " + e.getMessage());
            }
            if (!node.isServer()) {
                throw new IllegalArgumentException(prefix + "servers: " + name + " is a switch of "
                        + topology.spec() + ", not a server");
            }
            if (!taken.add(node.index())) {
                throw new IllegalArgumentException(prefix + "servers: server " + name
                        + " is named twice; one member per server");
            }
            serverOf[m] = node.index();
        }
        return serverOf;
    }
}
