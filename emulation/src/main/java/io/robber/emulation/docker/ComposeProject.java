package io.robber.emulation.docker;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.robber.emulation.runner.TransferCommands;
import io.robber.emulation.tc.AddressPlan;
import io.robber.emulation.tc.ShapingPlan;
import io.robber.emulation.toxi.ProxySetup;
import io.robber.emulation.toxi.WanProxies;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link ShapingPlan} as a docker-compose project (file format 2.4, as docker-compose 1.29 reads
 * it): the Robber paper's Fig. 6 with one container per node and per hub.
 *
 * <pre>
 *   root, a-1 ─ cluster-a ─ hub-a ─┐                 ┌─ hub-b ─ cluster-b ─ b-0, b-1
 *   198.18.128.r+1    198.18.128.254  198.19.128.1 ─ wan ─ 198.19.128.2   198.18.129.254
 * </pre>
 *
 * One network per cluster and one WAN, each with an explicit subnet of its
 * {@link AddressPlan#docker(int) Docker block} (the diagram shows block 0); the Docker host's own
 * address on each (the gateway Docker insists on) is {@code .253}, out of the nodes' way, and unused
 * (the host masquerades nothing, {@link #NO_MASQUERADE}): every node's default route is its hub,
 * which routes the other clusters' networks to their hubs over the WAN.
 * Every container has {@code NET_ADMIN} and applies its lines of the plan at start (nodes on
 * {@code eth0}, their only interface; hubs on whichever interface holds their WAN address), so
 * that what leaves a cluster meets the hub's pair classes.
 * The root ({@code root}, node 0 of the first cluster) sends a random file of the transfer's size
 * and prints the results table; every other node receives. Each node writes its JSON outcome to
 * {@code results/ID.json} in the project directory; the hubs stop once the root is done.
 *
 * <p>Delays: with netem they are in the hubs' pair classes (the plan's lines). Without, and given
 * a hub image with Toxiproxy, each hub applies the {@link WanProxies} plan the netns backend
 * uses: it starts {@code toxiproxy-server} on its loopback, creates its proxies and latency toxics
 * with {@link ProxySetup} (a file per hub, {@code scripts/hub-X.proxies.json}) and adds the DNAT
 * rules. Toxiproxy runs inside the hub container, not as a sidecar sharing its network namespace:
 * it then stops with the hub, so {@code docker-compose up} still ends when the root is done. The
 * nodes start only once every hub is healthy (shaped, proxies and rules in place), so that no
 * connection between clusters slips past a proxy.
 */
public final class ComposeProject {
    /** The compose file format: the newest that docker-compose 1.29 reads with {@code cap_add} and {@code sysctls}. */
    public static final String VERSION = "2.4";
    /** The label on every container and network of a project, for cleaning up by label. */
    public static final String LABEL = "io.robber.emulation";
    /** The root's service. */
    public static final String ROOT = "root";
    /** The host's address on each network: the last but one of the /24 (.254 is a hub's). */
    static final int HOST_OCTET = 253;
    /** Where a hub's Toxiproxy server answers, on the hub's loopback. */
    static final String TOXIPROXY_API = "127.0.0.1:8474";
    /** The Toxiproxy server in a hub image ({@link DockerImages#HUB}). */
    static final String TOXIPROXY_SERVER = "/usr/local/bin/toxiproxy-server";
    private static final String HEALTHY = "/tmp/started";
    /**
     * Docker masquerades whatever leaves a network's bridge with a source in its subnet, bridged
     * frames included: a hub's packet from its cluster's address (a proxy's) or a node's on the WAN
     * would come out with the host's address, and its answer would bypass the hubs.
     */
    static final String NO_MASQUERADE = "com.docker.network.bridge.enable_ip_masquerade";
    private static final String JAR = "/robber/robber.jar";
    private static final String JAVA = "java -Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -jar " + JAR;
    private static final String JAVA_TOOL = "java -Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1";
    private static final YAMLMapper YAML = new YAMLMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS));

    /**
     * What the root sends and how the table compares it: the scenario's name, the protocol, the
     * data size and piece size, the transfer's timeout, and the bound and strict bound in bytes per second.
     */
    public record Transfer(String scenario, String protocol, long bytes, int pieceSize, Duration timeout,
                           double bound, double strictBound) {
    }

    private final ShapingPlan plan;
    private final String image;
    private final String hubImage;
    private final Transfer transfer;
    private final HubSchedule schedule;
    private final AddressPlan.Block addresses;
    private final WanProxies proxies;
    private final TransferCommands commands;

    /**
     * The project for {@code plan} (numbered in a {@link AddressPlan#docker(int) Docker block}) on
     * {@code image}, a robber-node image; {@code hubImage}, a robber-hub image (with Toxiproxy) or
     * {@code null}, runs the hubs when the plan's delays are left to user space.
     */
    public ComposeProject(ShapingPlan plan, String image, String hubImage, Transfer transfer) {
        this(plan, image, hubImage, transfer, HubSchedule.NONE);
    }

    /** The same, with the hubs playing {@code schedule} from the transfer's start. */
    ComposeProject(ShapingPlan plan, String image, String hubImage, Transfer transfer, HubSchedule schedule) {
        if (!AddressPlan.isDocker(plan.addresses())) {
            throw new IllegalArgumentException("a compose project needs a plan numbered in a Docker block "
                    + "(AddressPlan.docker(slot))");
        }
        for (int c = 0; c < plan.clusterCount(); c++) {
            if (plan.nodes(c) >= HOST_OCTET) {
                throw new IllegalArgumentException("a Docker cluster holds at most " + (HOST_OCTET - 1) + " nodes, "
                        + plan.clusters().get(c) + " has " + plan.nodes(c));
            }
        }
        this.plan = plan;
        this.image = image;
        this.hubImage = hubImage;
        this.transfer = transfer;
        this.schedule = schedule;
        this.addresses = plan.addresses();
        this.commands = new TransferCommands(plan, transfer.protocol(), transfer.pieceSize(), transfer.timeout(), null,
                "/project/secret");
        WanProxies wan = WanProxies.of(plan, WanProxies.transfer(plan, TransferCommands.COORDINATOR_PORT,
                TransferCommands.DATA_PORT));
        this.proxies = !plan.netem() && hubImage != null && wan.delays() ? wan : null;
    }


    /** The addresses of the project's nodes, hubs and networks: its Docker block. */
    public AddressPlan.Block addresses() {
        return addresses;
    }

    /** Where the one-way delays come from, for the start-up line. */
    public String delays() {
        if (plan.netem()) {
            return "netem in the hubs' pair classes";
        }
        if (proxies != null) {
            return "no netem: Toxiproxy latency toxics on the hubs";
        }
        return WanProxies.of(plan, List.of()).delays() ? "WARNING: no delays at all (no netem, and no hub image "
                + "with Toxiproxy)" : "none (the model has no delays)";
    }

    /** The proxies the hubs apply, if the delays come from Toxiproxy. */
    public Optional<WanProxies> proxies() {
        return Optional.ofNullable(proxies);
    }

    /** Receivers the root waits for. */
    public int receivers() {
        return commands.receivers();
    }

    /** The service of node {@code rank} of {@code cluster}: {@value #ROOT} for the root, else e.g. {@code b-3}. */
    public String service(int cluster, int rank) {
        return cluster == 0 && rank == 0 ? ROOT : slug(cluster) + "-" + rank;
    }

    /** The service of the hub of {@code cluster}, e.g. {@code hub-a}. */
    public String hub(int cluster) {
        return "hub-" + slug(cluster);
    }

    /** The network of {@code cluster}, e.g. {@code cluster-a}. */
    public String network(int cluster) {
        return "cluster-" + slug(cluster);
    }

    /** The member id of node {@code rank} of {@code cluster}, the name of its result file. */
    public String memberId(int cluster, int rank) {
        return commands.memberId(cluster, rank);
    }

    /** Every file of the project by its path in the project directory: {@code docker-compose.yml}, the scripts, the secret. */
    public Map<String, String> files() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("docker-compose.yml", yaml());
        files.put("secret", "robber-compose-" + transfer.scenario() + "\n");
        for (int c = 0; c < plan.clusterCount(); c++) {
            files.put("scripts/" + hub(c) + ".sh", hubScript(c));
            if (proxies != null) {
                files.put("scripts/" + hub(c) + ".proxies.json", ProxySetup.file(proxies, c, true));
            }
            for (int r = 0; r < plan.nodes(c); r++) {
                files.put("scripts/" + service(c, r) + ".sh", nodeScript(c, r));
            }
        }
        files.put("results/.keep", "");
        return files;
    }

    /** Writes {@link #files()} under {@code dir}, replacing files of the same names. */
    public void write(Path dir) throws IOException {
        for (Map.Entry<String, String> file : files().entrySet()) {
            Path path = dir.resolve(file.getKey());
            Files.createDirectories(path.getParent());
            Files.writeString(path, file.getValue());
        }
    }

    /** The compose file. */
    public String yaml() {
        Map<String, Object> services = new LinkedHashMap<>();
        Map<String, Object> hubs = new LinkedHashMap<>();
        for (int c = 0; c < plan.clusterCount(); c++) {
            hubs.put(hub(c), Map.of("condition", "service_healthy"));
            Map<String, Object> networks = new LinkedHashMap<>();
            networks.put(network(c), Map.of("ipv4_address", addresses.hubInside(c)));
            networks.put("wan", Map.of("ipv4_address", addresses.hubOnWan(c)));
            Map<String, Object> hub = service(hub(c), networks);
            if (proxies != null) {
                hub.put("image", hubImage);
            }
            hub.put("sysctls", Map.of("net.ipv4.ip_forward", "1"));
            hub.put("healthcheck", Map.of("test", List.of("CMD", "test", "-e", HEALTHY), "interval", "1s",
                    "retries", 600));
            services.put(hub(c), hub);
        }
        for (int c = 0; c < plan.clusterCount(); c++) {
            for (int r = 0; r < plan.nodes(c); r++) {
                Map<String, Object> node = service(service(c, r),
                        Map.of(network(c), Map.of("ipv4_address", addresses.node(c, r))));
                node.put("depends_on", hubs);
                services.put(service(c, r), node);
            }
        }
        Map<String, Object> networks = new LinkedHashMap<>();
        for (int c = 0; c < plan.clusterCount(); c++) {
            networks.put(network(c), network(addresses.cluster(c)));
        }
        networks.put("wan", network(addresses.wan()));
        Map<String, Object> compose = new LinkedHashMap<>();
        compose.put("version", VERSION);
        compose.put("services", services);
        compose.put("networks", networks);
        try {
            return "# Generated by 'robber emulate compose': " + transfer.scenario() + ", " + receivers() + " receivers, "
                    + transfer.protocol() + ". Run: docker-compose up\n" + YAML.writeValueAsString(compose);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Map<String, Object> service(String name, Map<String, Object> networks) {
        Map<String, Object> service = new LinkedHashMap<>();
        service.put("image", image);
        service.put("hostname", name);
        service.put("cap_add", List.of("NET_ADMIN"));
        service.put("networks", networks);
        service.put("volumes", List.of("./scripts:/project/scripts:ro", "./secret:/project/secret:ro",
                "./results:/results"));
        service.put("labels", Map.of(LABEL, "compose"));
        service.put("command", List.of("bash", "/project/scripts/" + name + ".sh"));
        return service;
    }

    private static Map<String, Object> network(String subnet) {
        String gateway = subnet.substring(0, subnet.lastIndexOf('.') + 1) + HOST_OCTET;
        Map<String, Object> network = new LinkedHashMap<>();
        network.put("driver", "bridge");
        network.put("driver_opts", Map.of(NO_MASQUERADE, "false"));
        network.put("labels", Map.of(LABEL, "compose"));
        network.put("ipam", Map.of("config", List.of(Map.of("subnet", subnet, "gateway", gateway))));
        return network;
    }

    private String hubScript(int c) {
        StringBuilder s = header("hub of " + plan.clusters().get(c) + ": routes to the other clusters, Fig. 7's "
                + "cluster out, pair classes and cluster in");
        String wan = addresses.hubOnWan(c);
        s.append("wan=$(ip -o -4 addr show | awk '$4 == \"").append(wan).append("/").append(AddressPlan.PREFIX_LENGTH)
                .append("\" {print $2}')\n");
        for (int d = 0; d < plan.clusterCount(); d++) {
            if (d != c) {
                s.append("ip route add ").append(addresses.cluster(d)).append(" via ").append(addresses.hubOnWan(d))
                        .append(" src ").append(addresses.hubInside(c)).append('\n');
            }
        }
        for (String line : plan.hub(c)) {
            s.append(line.replace(" dev " + ShapingPlan.HUB_DEVICE + " ", " dev \"$wan\" ")).append('\n');
        }
        if (proxies != null) {
            s.append(TOXIPROXY_SERVER).append(" -host ").append(TOXIPROXY_API.replace(":", " -port "))
                    .append(" > /tmp/toxiproxy.log 2>&1 &\n")
                    .append(JAVA_TOOL).append(" -cp ").append(JAR).append(' ').append(ProxySetup.class.getName())
                    .append(' ').append(TOXIPROXY_API).append(" /project/scripts/").append(hub(c))
                    .append(".proxies.json\n");
            proxies.redirects(c).forEach(rule -> s.append(rule).append('\n'));
        }
        schedule.lines(c, hub(c), "\"$wan\"").forEach(line -> s.append(line).append('\n'));
        s.append("echo \"").append(hub(c)).append(": shaped; delays: ").append(delays())
                .append("; waiting for the root\"\n")
                .append("touch ").append(HEALTHY).append('\n')
                .append("until [ /results/done -nt /tmp/started ]; do sleep 1; done\n");
        return s.toString();
    }

    private String nodeScript(int c, int r) {
        String id = memberId(c, r);
        StringBuilder s = header("node " + plan.clusters().get(c) + "/" + r + " (" + id + "): routes through its "
                + "hub, Fig. 7's node out and node in, then robber");
        s.append("ip route replace default via ").append(addresses.hubInside(c)).append('\n');
        plan.node(c, r).forEach(line -> s.append(line).append('\n'));
        String result = " > /results/" + id + ".json";
        if (c == 0 && r == 0) {
            s.append("trap 'touch /results/done' EXIT\n")
                    .append("head -c ").append(transfer.bytes()).append(" /dev/urandom > /tmp/data.bin\n")
                    .append("status=0\n")
                    .append(JAVA).append(' ')
                    .append(String.join(" ", commands.send("/tmp/data.bin", schedule.isEmpty()))).append(result)
                    .append(schedule.rootStderr()).append(" || status=$?\n")
                    .append(JAVA).append(" emulate table /results/").append(id).append(".json --scenario ")
                    .append(transfer.scenario()).append(" --protocol ").append(transfer.protocol())
                    .append(" --bytes ").append(transfer.bytes())
                    .append(" --clusters ").append(String.join(",", plan.clusters()))
                    .append(String.format(Locale.ROOT, " --bound %.0f --strict-bound %.0f", transfer.bound(),
                            transfer.strictBound())).append('\n')
                    .append("exit $status\n");
        } else {
            s.append("exec ").append(JAVA).append(' ').append(String.join(" ", commands.receive(c, r, "/out")))
                    .append(result).append('\n');
        }
        return s.toString();
    }

    private static StringBuilder header(String what) {
        return new StringBuilder("#!/bin/bash\n# ").append(what).append('\n').append("set -eu\n");
    }

    private String slug(int cluster) {
        String slug = plan.clusters().get(cluster).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        return slug.isEmpty() ? "c" + cluster : slug;
    }
}
