package io.robber.emulation.model;

import io.robber.emulation.model.NetworkModel.ClusterSpec;
import io.robber.emulation.model.NetworkModel.LinkSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A TC2-like network of any size (the Robber paper §4.2.2), generated from a spec such as
 * {@code generated:continents=4:clusters=100:nodes=100:size=1GB:seed=1} (colons, since
 * scenario lists are separated by commas): the clusters are dealt
 * round-robin over the continents (so each continent holds clusters/continents of them, the first
 * ones one more), every cluster has {@code nodes} nodes; clusters on one continent are linked at
 * {@value #SAME_CONTINENT_RATE} B/s with {@value #SAME_CONTINENT_DELAY} one way, clusters on
 * different continents at {@value #INTER_CONTINENT_RATE} B/s with {@value #INTER_CONTINENT_DELAY},
 * as in TC2. Each unordered cluster pair's bandwidth is TC2's times a factor drawn uniformly from
 * [1 − jitter, 1 + jitter] (both directions alike, seeded), since real wide-area paths differ;
 * {@code jitter=0} gives TC2's rates exactly. Each node has a 100 Mbit/s wide-area NIC in and out, as
 * in TC3; clusters have no access limit, as in TC2. At 100 nodes per cluster the NICs add up to
 * 1.25 GB/s per cluster, far above the 100-odd MB/s that a cluster's pair links carry, so the pair
 * links stay the bottleneck, as in TC2, and the bound is exact by Edmonds' branching theorem
 * ({@link io.robber.planning.BranchingBound}).
 */
public final class GeneratedScenario {
    /** The prefix of a generated scenario's spec. */
    public static final String PREFIX = "generated";
    static final long SAME_CONTINENT_RATE = 5_000_000;
    static final long INTER_CONTINENT_RATE = 500_000;
    static final String SAME_CONTINENT_DELAY = "10ms";
    static final String INTER_CONTINENT_DELAY = "100ms";
    static final String NIC = "100Mbit/s";
    private static final List<String> CONTINENTS = List.of("europe", "america", "asia", "africa");
    private static final Map<String, String> DEFAULTS = defaults();

    private GeneratedScenario() {
    }

    private static Map<String, String> defaults() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("continents", "4");
        d.put("clusters", "100");
        d.put("nodes", "100");
        d.put("size", "1GB");
        d.put("seed", "1");
        d.put("jitter", "0.2");
        return d;
    }

    /** True when {@code spec} names a generated scenario ({@code generated} or {@code generated:k=v:...}). */
    public static boolean isSpec(String spec) {
        return spec.equals(PREFIX) || spec.startsWith(PREFIX + ":");
    }

    /** The scenario {@code spec} describes; missing keys take the defaults (the 10,000-node case). */
    public static NetworkModel of(String spec) {
        if (!isSpec(spec)) {
            throw new IllegalArgumentException("not a generated scenario: '" + spec + "'");
        }
        Map<String, String> values = new LinkedHashMap<>(DEFAULTS);
        String rest = spec.substring(PREFIX.length());
        if (rest.startsWith(":")) {
            for (String item : rest.substring(1).split(":")) {
                int eq = item.indexOf('=');
                String key = eq < 0 ? item : item.substring(0, eq).strip();
                if (eq < 0 || !DEFAULTS.containsKey(key)) {
                    throw new IllegalArgumentException("generated scenario: '" + item + "' is not one of "
                            + String.join("=, ", DEFAULTS.keySet()) + "= (e.g. " + PREFIX
                            + ":continents=4:clusters=100:nodes=100:size=1GB:seed=1:jitter=0.2)");
                }
                values.put(key, item.substring(eq + 1).strip());
            }
        }
        try {
            return generate(Integer.parseInt(values.get("continents")), Integer.parseInt(values.get("clusters")),
                    Integer.parseInt(values.get("nodes")), values.get("size"), Long.parseLong(values.get("seed")),
                    Double.parseDouble(values.get("jitter")));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("generated scenario '" + spec + "': " + e.getMessage(), e);
        }
    }

    /** {@code clusters} clusters of {@code nodes} nodes dealt over {@code continents} continents. */
    public static NetworkModel generate(int continents, int clusters, int nodes, String size, long seed,
                                        double jitter) {
        if (continents < 1 || clusters < 1 || nodes < 1) {
            throw new IllegalArgumentException("a generated scenario needs at least one continent, cluster and node");
        }
        if (!(jitter >= 0 && jitter < 1)) {
            throw new IllegalArgumentException("jitter must lie in [0, 1), got " + jitter);
        }
        List<ClusterSpec> specs = new ArrayList<>();
        int[] perContinent = new int[continents];
        for (int c = 0; c < clusters; c++) {
            String continent = continent(c % continents);
            specs.add(new ClusterSpec(continent + perContinent[c % continents]++, nodes, continent, NIC, NIC, null,
                    null, null));
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<LinkSpec> links = new ArrayList<>();
        for (int c = 0; c < clusters; c++) {
            for (int d = c + 1; d < clusters; d++) {
                boolean same = c % continents == d % continents;
                double factor = jitter == 0 ? 1 : 1 - jitter + 2 * jitter * random.nextDouble();
                long rate = Math.round((same ? SAME_CONTINENT_RATE : INTER_CONTINENT_RATE) * factor);
                links.add(new LinkSpec(List.of(specs.get(c).name(), specs.get(d).name()), null, null, rate + "B/s",
                        null, null));
            }
        }
        String name = String.format(Locale.ROOT, "%s:continents=%d:clusters=%d:nodes=%d:size=%s:seed=%d:jitter=%s",
                PREFIX, continents, clusters, nodes, size, seed, jitter);
        String description = String.format(Locale.ROOT, "TC2-like (Robber paper §4.2.2), generated: %d continents,"
                + " %d clusters of %d nodes with 100 Mbit/s NICs; within a continent 5 MB/s and 10 ms one way, between"
                + " continents 500 KB/s and 100 ms, each pair's rate times a seeded factor in [%s, %s]; root %s/0"
                + " sends %s.", continents, clusters, nodes, 1 - jitter, 1 + jitter, specs.get(0).name(), size);
        return new NetworkModel(name, description, size, specs,
                new LinkSpec(null, null, null, INTER_CONTINENT_RATE + "B/s", INTER_CONTINENT_DELAY, null),
                new LinkSpec(null, null, null, SAME_CONTINENT_RATE + "B/s", SAME_CONTINENT_DELAY, null),
                List.of(), links, List.of(), List.of());
    }

    private static String continent(int index) {
        return index < CONTINENTS.size() ? CONTINENTS.get(index) : "continent" + index;
    }
}
