package io.robber.datacast.topology;

import java.util.Arrays;
import java.util.Locale;

/**
 * Parses a topology's short spec, {@code KIND:PARAMS}: {@code fattree:n,k}, {@code bcube:n,k},
 * {@code torus:n,k} or {@code leafspine:spines,leaves,hostsPerLeaf}. Every mistake is reported as an
 * {@link IllegalArgumentException} of one line saying what is expected.
 */
public final class TopologySpec {
    static final String EXAMPLES = "e.g. bcube:4,1, fattree:24,3, torus:16,3 or leafspine:4,8,16";

    private TopologySpec() {
    }

    /** The topology of this spec, every link the paper's default. */
    public static Topology parse(String spec) {
        return parse(spec, LinkProfiles.DEFAULT);
    }

    public static Topology parse(String spec, LinkProfiles profiles) {
        String text = spec == null ? "" : spec.strip();
        int colon = text.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("topology '" + text + "': expected KIND:PARAMS, " + EXAMPLES);
        }
        String kind = text.substring(0, colon).toLowerCase(Locale.ROOT);
        String params = text.substring(colon + 1);
        switch (kind) {
            case "fattree": {
                int[] p = integers(text, params, "n,k", 2);
                return Fattree.of(p[0], p[1], profiles);
            }
            case "bcube": {
                int[] p = integers(text, params, "n,k", 2);
                return BCube.of(p[0], p[1], profiles);
            }
            case "torus": {
                int[] p = integers(text, params, "n,k", 2);
                return Torus.of(p[0], p[1], profiles);
            }
            case "leafspine": {
                int[] p = integers(text, params, "spines,leaves,hostsPerLeaf", 3);
                return LeafSpine.of(p[0], p[1], p[2], profiles);
            }
            default:
                throw new IllegalArgumentException("unknown topology kind '" + kind
                        + "': choose bcube, fattree, leafspine or torus (" + EXAMPLES + ")");
        }
    }

    private static int[] integers(String spec, String params, String names, int count) {
        String[] parts = params.split(",", -1);
        if (parts.length != count) {
            throw new IllegalArgumentException("topology '" + spec + "': expected " + count + " numbers " + names
                    + " after the colon, " + EXAMPLES);
        }
        try {
            return Arrays.stream(parts).map(String::strip).mapToInt(Integer::parseInt).toArray();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("topology '" + spec + "': " + names + " must be whole numbers, " + EXAMPLES);
        }
    }
}
