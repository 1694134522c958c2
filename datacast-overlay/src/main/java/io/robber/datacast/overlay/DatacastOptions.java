package io.robber.datacast.overlay;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.TopologyFile;
import io.robber.datacast.topology.TopologySpec;
import io.robber.engine.StringOptions;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code datacast} protocol's options, read from {@link ProtocolOptions#extra()} keys prefixed
 * {@code datacast.}; anything else under that prefix is rejected, so a typo never silently runs with
 * defaults.
 *
 * @param topology        the data-center network the members are mapped onto: {@code datacast.topology}
 *                        (a spec such as {@code bcube:4,1}) or {@code datacast.topology-file} (JSON);
 *                        empty for the default, every member under one switch
 * @param servers         {@code datacast.servers}: the server of each member, by name, in member order;
 *                        empty for member i on server i
 * @param source          {@code datacast.source}: the sending member's id (default: the group's first)
 * @param blockPieces     pieces per block; block b goes on tree b mod k
 * @param window          w, the interests a receiver keeps outstanding per tree (the paper's credit)
 * @param rtoFloorNanos   the least retransmission timeout
 * @param initialRate     the source's initial rate per tree, bytes per second
 * @param rateIncrease    δ: the rate's increase per interval T without a duplicate interest, bytes per second
 * @param intervalNanos   T
 * @param cachePieces     C, in pieces of the tree: an interest at the source for a piece released longer
 *                        ago than this is a duplicate interest
 */
public record DatacastOptions(Optional<Topology> topology, List<String> servers, int source, int blockPieces,
                              int window, long rtoFloorNanos, double initialRate, double rateIncrease,
                              long intervalNanos, int cachePieces) {
    public static final String PREFIX = "datacast.";
    /** The most interests of its own a receiver may keep outstanding per tree (the plan checks all trees together). */
    public static final int MAX_WINDOW = 64;
    private static final Set<String> KEYS = Set.of("topology", "topology-file", "servers", "source", "block-pieces",
            "window", "rto-min", "rate", "rate-increase", "rate-interval", "cache-pieces");
    private static final double MBIT = 1e6 / 8;

    public DatacastOptions {
        servers = List.copyOf(servers);
    }

    public static DatacastOptions of(Group group, ProtocolOptions options) {
        StringOptions dc = StringOptions.under(options, PREFIX, "datacast", KEYS);
        int window = dc.positive("window", 16);
        if (window > MAX_WINDOW) {
            throw new IllegalArgumentException(PREFIX + "window must be at most " + MAX_WINDOW + ", got " + window);
        }
        return new DatacastOptions(topology(dc), servers(dc.text("servers", "")), source(group, dc.text("source", null)),
                dc.positive("block-pieces", 4), window,
                dc.durationNanos("rto-min", 200_000_000L),
                dc.positive("rate", 1000) * MBIT,
                dc.positive("rate-increase", 5) * MBIT,
                dc.durationNanos("rate-interval", 1_000_000L),
                dc.positive("cache-pieces", 64));
    }

    private static Optional<Topology> topology(StringOptions dc) {
        String spec = dc.text("topology", null);
        String file = dc.text("topology-file", null);
        if (spec != null && file != null) {
            throw new IllegalArgumentException("give " + PREFIX + "topology or " + PREFIX + "topology-file, not both");
        }
        if (file != null) {
            return Optional.of(TopologyFile.read(Path.of(file)));
        }
        return Optional.ofNullable(spec).map(TopologySpec::parse);
    }

    private static List<String> servers(String list) {
        return list.isBlank() ? List.of() : Arrays.stream(list.split(",")).map(String::trim).toList();
    }

    private static int source(Group group, String id) {
        if (id == null) {
            return 0;
        }
        int source = group.indexOf(id);
        if (source < 0) {
            throw new IllegalArgumentException(PREFIX + "source=" + id + " is not a member of the group; members: "
                    + group.members().stream().map(m -> m.id()).toList());
        }
        return source;
    }
}
