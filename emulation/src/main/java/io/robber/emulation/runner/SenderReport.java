package io.robber.emulation.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.robber.emulation.model.Network;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's result from the JSON that {@code robber send --json} prints — the backends whose nodes
 * are real processes (netns, docker) see nothing else: time until every copy was verified, the
 * payload each cluster took in from the WAN, and the verdict. The nodes' reports carry payload
 * only, so overhead, CPU and message counts are not known ({@code NaN}).
 */
public final class SenderReport {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SenderReport() {
    }

    /**
     * The result of {@code protocol} moving {@code bytes} over {@code network} from the root's JSON
     * {@code out}; {@code err} is its stderr, quoted when it printed nothing.
     */
    public static RunResult result(String scenario, String protocol, int repeat, Network network, double bound,
                                   byte[] out, String err) throws IOException {
        return result(scenario, protocol, repeat, network.dataSize(), network.nominal().clusters(), bound, out, err);
    }

    /**
     * The result of {@code protocol} moving {@code bytes} to {@code clusters} from the root's JSON
     * {@code out}, compared with {@code bound} bytes per second; {@code err} is its stderr, quoted when it printed nothing.
     */
    public static RunResult result(String scenario, String protocol, int repeat, long bytes, List<String> clusters,
                                   double bound, byte[] out, String err) throws IOException {
        if (out.length == 0) {
            throw new IOException("the root printed no result; its stderr: " + err.strip());
        }
        JsonNode root = JSON.readTree(out);
        double seconds = root.path("seconds").asDouble();
        Map<String, Long> wanIn = new LinkedHashMap<>();
        clusters.forEach(c -> wanIn.put(c, 0L));
        for (JsonNode node : root.path("nodes")) {
            wanIn.merge(node.path("cluster").asText(), node.path("bytesIn").path("global").asLong(), Long::sum);
        }
        double mbps = seconds > 0 ? bytes / seconds / 1e6 : 0;
        String error = root.path("error").isMissingNode() || root.path("error").isNull() ? null
                : root.path("error").asText();
        return new RunResult(scenario, null, protocol, repeat, bytes, seconds, mbps, bound / 1e6,
                bound > 0 ? mbps / (bound / 1e6) * 100 : Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                root.path("verified").asBoolean(), wanIn, error);
    }
}
