package io.robber.emulation.netns;

import io.robber.emulation.runner.LocalProcesses;
import io.robber.emulation.toxi.ProxySetup;
import io.robber.emulation.toxi.ToxiproxyApi;
import io.robber.emulation.toxi.ToxiproxyServer;
import io.robber.emulation.toxi.WanProxies;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link WanProxies} applied to a {@link NamespaceNetwork}: a Toxiproxy server in each hub's
 * namespace (so that what a proxy sends leaves through that hub's pair classes, like the traffic
 * it stands in for), the latency toxics, and the hub's DNAT rules. The API listens on the hub's
 * loopback; {@code socat} makes it reachable through a Unix socket in {@code dir}, since this JVM
 * lives in another namespace. {@link #close} stops the servers and relays; the rules and proxies
 * go with the namespaces.
 */
public final class HubProxies implements AutoCloseable {
    private static final int API_PORT = 8474;
    private static final Duration START = Duration.ofSeconds(30);

    private final WanProxies plan;
    private final List<ToxiproxyApi> apis = new ArrayList<>();
    private final List<Process> processes = new ArrayList<>();

    private HubProxies(WanProxies plan) {
        this.plan = plan;
    }

    /** Empty when the Toxiproxy server, socat and iptables are all there, else what is missing. */
    public static Optional<String> unavailableReason() {
        if (ToxiproxyServer.locate().isEmpty()) {
            return Optional.of(ToxiproxyServer.missing());
        }
        for (String tool : List.of("socat", "iptables")) {
            if (LocalProcesses.onPath(tool).isEmpty()) {
                return Optional.of("no " + tool + " on the PATH; " + ToxiproxyServer.INSTALL + " installs it");
            }
        }
        return Optional.empty();
    }

    /**
     * Starts the proxies of {@code plan} in the hubs of {@code net}, their sockets in {@code dir};
     * with their latency toxics when {@code delays} (without, where netem delays, the proxies are
     * there for faults).
     */
    public static HubProxies start(NamespaceNetwork net, WanProxies plan, Path dir, boolean delays) throws IOException,
            InterruptedException {
        unavailableReason().ifPresent(why -> {
            throw new IllegalStateException(why);
        });
        Path server = ToxiproxyServer.locate().orElseThrow();
        HubProxies hubs = new HubProxies(plan);
        try {
            for (int c = 0; c < plan.plan().clusterCount(); c++) {
                String ns = net.topology().hub(c);
                Path socket = dir.resolve("toxiproxy-" + c + ".sock");
                hubs.processes.add(new ProcessBuilder("ip", "netns", "exec", ns, server.toString(), "-host", "127.0.0.1",
                        "-port", String.valueOf(API_PORT)).redirectErrorStream(true)
                        .redirectOutput(dir.resolve("toxiproxy-" + c + ".log").toFile()).start());
                hubs.processes.add(new ProcessBuilder("ip", "netns", "exec", ns, "socat",
                        "UNIX-LISTEN:" + socket + ",fork,unlink-early", "TCP:127.0.0.1:" + API_PORT)
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
                hubs.apis.add(ToxiproxyApi.unix(socket));
            }
            for (int c = 0; c < plan.plan().clusterCount(); c++) {
                ToxiproxyApi api = hubs.apis.get(c);
                api.awaitVersion(START, () -> hubs.processes.stream().allMatch(Process::isAlive));
                ProxySetup.apply(api, ProxySetup.entries(plan, c, delays));
                for (String rule : plan.redirects(c)) {
                    net.run("ip netns exec " + net.topology().hub(c) + " " + rule);
                }
            }
        } catch (IOException | RuntimeException | InterruptedException e) {
            hubs.close();
            throw e;
        }
        return hubs;
    }

    public WanProxies plan() {
        return plan;
    }

    /** The API of the Toxiproxy server on the hub of {@code cluster}. */
    public ToxiproxyApi api(int cluster) {
        return apis.get(cluster);
    }

    /** Stops every server and relay this started. */
    @Override
    public void close() {
        LocalProcesses.stop(processes);
    }
}
