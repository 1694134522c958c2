package io.robber.emulation.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * An emulated network as written in a scenario file: clusters of nodes, each node's wide-area NIC
 * (in/out), each cluster's access link (in/out), the bandwidth and one-way delay of every ordered
 * cluster pair, and a schedule of changes. This is the chain of qdiscs of the Robber paper's Fig. 7:
 * node out → cluster out → pair bandwidth → delay → cluster in → node in. Traffic inside a cluster
 * is not shaped (the paper's clusters talk over a fast local interconnect).
 *
 * <p>Rates, sizes and durations are strings with units (see {@link Units}); an absent rate is
 * unlimited. {@link #resolve()} turns the file into numbers.
 *
 * @param name        scenario name, e.g. {@code tc1-fast}
 * @param description what it models and where it comes from
 * @param dataSize    the data size the paper used for it, e.g. {@code 600MB}
 * @param clusters    the clusters, the root is node 0 of the first
 * @param wan         default for every pair of clusters in different regions (or without regions)
 * @param sameRegion  default for pairs of clusters in the same region
 * @param regionLinks overrides for pairs of regions ({@code between: [r1, r2]})
 * @param links       overrides for pairs of clusters ({@code between} both ways, or {@code from}/{@code to})
 * @param schedule    changes over time
 * @param faults      things that go wrong from outside the nodes ({@link Fault}); only backends with real
 *                    processes (netns) inject them
 */
@JsonIgnoreProperties({"$comment"})
public record NetworkModel(String name, String description, String dataSize, List<ClusterSpec> clusters,
                           LinkSpec wan, LinkSpec sameRegion, List<LinkSpec> regionLinks, List<LinkSpec> links,
                           List<ScheduleEntry> schedule, List<FaultSpec> faults) {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public NetworkModel {
        Objects.requireNonNull(name, "scenario name");
        if (clusters == null || clusters.isEmpty()) {
            throw new IllegalArgumentException("scenario " + name + " has no clusters");
        }
        clusters = List.copyOf(clusters);
        regionLinks = regionLinks == null ? List.of() : List.copyOf(regionLinks);
        links = links == null ? List.of() : List.copyOf(links);
        schedule = schedule == null ? List.of() : List.copyOf(schedule);
        faults = faults == null ? List.of() : List.copyOf(faults);
    }

    /** A fault: {@code kind} (e.g. {@code link-down}) hits {@code target} ({@code CLUSTER/RANK}) {@code at} for {@code duration}. */
    @JsonIgnoreProperties({"$comment"})
    public record FaultSpec(String kind, String target, String at, String duration) {
    }

    /** One cluster; {@code nodeGroups} override the NIC of ranks {@code [from, to)}. */
    @JsonIgnoreProperties({"$comment"})
    public record ClusterSpec(String name, int nodes, String region, String nodeIn, String nodeOut,
                              String accessIn, String accessOut, List<NodeGroupSpec> nodeGroups) {
        public ClusterSpec {
            if (nodes < 1) {
                throw new IllegalArgumentException("cluster " + name + " needs at least one node");
            }
            nodeGroups = nodeGroups == null ? List.of() : List.copyOf(nodeGroups);
        }
    }

    /** Ranks {@code [from, to)} of a cluster with their own NIC capacities. */
    @JsonIgnoreProperties({"$comment"})
    public record NodeGroupSpec(int from, int to, String nodeIn, String nodeOut) {
    }

    /**
     * A link rule: between two clusters or regions in both directions ({@code between}), or one
     * direction ({@code from}, {@code to}). {@code reported} is what monitoring data says the
     * bandwidth is, when it differs from the real one (a measurement error).
     */
    @JsonIgnoreProperties({"$comment"})
    public record LinkSpec(List<String> between, String from, String to, String bandwidth, String delay,
                           String reported) {
    }

    /**
     * A change: at time {@code at}, the given link rules replace the bandwidth of their pairs; or,
     * with {@code every}, each period from then on every pair takes a random fraction
     * [{@code minFraction}, {@code maxFraction}] of its nominal bandwidth, from a fixed {@code seed}.
     */
    @JsonIgnoreProperties({"$comment"})
    public record ScheduleEntry(String at, List<LinkSpec> links, String every, Double minFraction,
                                Double maxFraction, Long seed) {
    }

    public static NetworkModel read(InputStream in) throws IOException {
        return JSON.readValue(in, NetworkModel.class);
    }

    /** The model in {@code json}, e.g. a scenario written inline by a test or a benchmark. */
    public static NetworkModel parse(String json) throws IOException {
        return JSON.readValue(json, NetworkModel.class);
    }

    public static NetworkModel read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in);
        }
    }

    public String toJson() {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(this);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * This network with at most {@code nodes} nodes in each cluster (the first ones, keeping their
     * NICs), everything else as it is: a smaller group on the same WAN.
     */
    public NetworkModel withNodesPerCluster(int nodes) {
        if (nodes < 1) {
            throw new IllegalArgumentException("a cluster needs at least one node, not " + nodes);
        }
        List<ClusterSpec> fewer = clusters.stream().map(c -> new ClusterSpec(c.name(), Math.min(nodes, c.nodes()),
                c.region(), c.nodeIn(), c.nodeOut(), c.accessIn(), c.accessOut(), c.nodeGroups().stream()
                        .filter(g -> g.from() < nodes)
                        .map(g -> new NodeGroupSpec(g.from(), Math.min(nodes, g.to()), g.nodeIn(), g.nodeOut()))
                        .toList())).toList();
        return new NetworkModel(name, description, dataSize, fewer, wan, sameRegion, regionLinks, links, schedule, faults);
    }

    /** The numbers behind this file; fails with a clear message on unknown clusters or bad units. */
    public Network resolve() {
        return Network.of(this);
    }
}
