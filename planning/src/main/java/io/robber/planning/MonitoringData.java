package io.robber.planning;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Network monitoring data as a sender-side planner (Balanced Multicasting) consumes it: the
 * achievable bandwidth between every pair of clusters, each cluster's access link and each node's
 * wide-area NIC. It is what a monitoring system would report, not what the network does; the bench
 * hands a planner a scenario's reported capacities (as {@link Capacities}, see
 * {@link Capacities#MONITORING}), and users write this JSON by hand for their own networks.
 *
 * <p>JSON, rates either in bytes per second (a number) or with a unit as in scenario files
 * ({@code "8MB/s"}, {@code "100Mbit/s"}); {@code null} or {@code "unlimited"}, or leaving a field
 * out, means not limited:
 * <pre>
 * {
 *   "clusters": [
 *     {"name": "A", "nodes": 2, "nodeIn": "100Mbit/s", "nodeOut": ["100Mbit/s", "10Mbit/s"],
 *      "accessIn": "1Gbit/s", "accessOut": "1Gbit/s"},
 *     {"name": "B", "nodes": 2}
 *   ],
 *   "bandwidth": [[null, "8MB/s"], ["8MB/s", null]]
 * }
 * </pre>
 * {@code bandwidth[c][d]} is from cluster c to cluster d, in the order of {@code clusters}; a NIC
 * field is one rate for every node or one per rank.
 */
public final class MonitoringData {
    private static final ObjectMapper JSON = new ObjectMapper();

    private MonitoringData() {
    }

    /** The capacities in the JSON form above, rates in bytes per second. */
    public static String toJson(Capacities capacities) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode clusters = root.putArray("clusters");
        int n = capacities.clusterCount();
        for (int c = 0; c < n; c++) {
            ObjectNode cluster = clusters.addObject();
            cluster.put("name", capacities.clusters().get(c));
            cluster.put("nodes", capacities.nodes(c));
            rates(cluster.putArray("nodeIn"), capacities.nodeIn()[c]);
            rates(cluster.putArray("nodeOut"), capacities.nodeOut()[c]);
            rate(cluster, "accessIn", capacities.accessIn()[c]);
            rate(cluster, "accessOut", capacities.accessOut()[c]);
        }
        ArrayNode bandwidth = root.putArray("bandwidth");
        for (int c = 0; c < n; c++) {
            rates(bandwidth.addArray(), capacities.bandwidth()[c]);
        }
        return root.toString();
    }

    /**
     * Parses monitoring data; delays are not part of it (zero).
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static Capacities parse(String json) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("monitoring data is not valid JSON: " + e.getOriginalMessage(), e);
        }
        JsonNode clusters = root == null ? null : root.get("clusters");
        if (clusters == null || !clusters.isArray() || clusters.isEmpty()) {
            throw new IllegalArgumentException("monitoring data needs a non-empty \"clusters\" array");
        }
        int n = clusters.size();
        List<String> names = new ArrayList<>();
        double[][] nodeIn = new double[n][];
        double[][] nodeOut = new double[n][];
        double[] accessIn = new double[n];
        double[] accessOut = new double[n];
        for (int c = 0; c < n; c++) {
            JsonNode cluster = clusters.get(c);
            String name = cluster.path("name").asText(null);
            if (name == null || name.isBlank() || names.contains(name)) {
                throw new IllegalArgumentException("monitoring data: cluster " + c + " needs a unique \"name\"");
            }
            names.add(name);
            int nodes = cluster.path("nodes").asInt(0);
            if (nodes < 1) {
                throw new IllegalArgumentException("monitoring data: cluster " + name + " needs \"nodes\" ≥ 1");
            }
            nodeIn[c] = perNode(cluster.get("nodeIn"), nodes, name + ".nodeIn");
            nodeOut[c] = perNode(cluster.get("nodeOut"), nodes, name + ".nodeOut");
            accessIn[c] = rate(cluster.get("accessIn"), name + ".accessIn");
            accessOut[c] = rate(cluster.get("accessOut"), name + ".accessOut");
        }
        JsonNode matrix = root.get("bandwidth");
        if (matrix == null || !matrix.isArray() || matrix.size() != n) {
            throw new IllegalArgumentException("monitoring data needs a \"bandwidth\" matrix of " + n + " rows");
        }
        double[][] bandwidth = new double[n][];
        for (int c = 0; c < n; c++) {
            JsonNode row = matrix.get(c);
            if (!row.isArray() || row.size() != n) {
                throw new IllegalArgumentException("monitoring data: bandwidth row " + names.get(c) + " needs " + n
                        + " entries");
            }
            bandwidth[c] = new double[n];
            for (int d = 0; d < n; d++) {
                bandwidth[c][d] = c == d ? Double.POSITIVE_INFINITY
                        : rate(row.get(d), "bandwidth " + names.get(c) + "→" + names.get(d));
            }
        }
        return new Capacities(List.copyOf(names), nodeIn, nodeOut, accessIn, accessOut, bandwidth, new long[n][n]);
    }

    private static double[] perNode(JsonNode value, int nodes, String where) {
        double[] rates = new double[nodes];
        if (value != null && value.isArray()) {
            if (value.size() != nodes) {
                throw new IllegalArgumentException("monitoring data: " + where + " lists " + value.size()
                        + " rates for " + nodes + " nodes");
            }
            for (int r = 0; r < nodes; r++) {
                rates[r] = rate(value.get(r), where + "[" + r + "]");
            }
        } else {
            Arrays.fill(rates, rate(value, where));
        }
        return rates;
    }

    private static double rate(JsonNode value, String where) {
        if (value == null || value.isNull()) {
            return Double.POSITIVE_INFINITY;
        }
        try {
            double rate = value.isNumber() ? value.asDouble() : Units.rate(value.asText());
            if (!(rate > 0)) {
                throw new IllegalArgumentException("not a positive rate: " + value);
            }
            return rate;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("monitoring data: " + where + ": " + e.getMessage(), e);
        }
    }

    private static void rates(ArrayNode array, double[] rates) {
        for (double r : rates) {
            if (Double.isFinite(r)) {
                array.add(r);
            } else {
                array.addNull();
            }
        }
    }

    private static void rate(ObjectNode node, String field, double rate) {
        if (Double.isFinite(rate)) {
            node.put(field, rate);
        } else {
            node.putNull(field);
        }
    }
}
