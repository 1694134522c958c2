package io.robber.emulation.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.Scenarios;
import io.robber.emulation.tc.ShapingPlan;
import io.robber.emulation.toxi.ProxySetup;
import io.robber.emulation.toxi.Toxic;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compose project of a scaled tc1-fast at 4 × 4, parsed back as YAML: no Docker needed. */
class ComposeProjectTest {
    private static final YAMLMapper YAML = new YAMLMapper();

    private static ComposeProject tc1(int nodesPerCluster) {
        return tc1(nodesPerCluster, false, "robber-hub:test");
    }

    /** TC1 (one-way delay 10 ms) on a kernel with netem or without, the hubs' image {@code hubImage}. */
    private static ComposeProject tc1(int nodesPerCluster, boolean netem, String hubImage) {
        Network network = Scenarios.load("tc1-fast").withNodesPerCluster(nodesPerCluster).resolve().scaled(0.05);
        return DockerExperiment.project(network, netem, "robber", "robber-node:test", hubImage, 65536,
                Duration.ofMinutes(5));
    }

    @Test
    void hasOneServicePerNodeAndHubEachWithNetAdminAndItsScript() throws Exception {
        JsonNode compose = YAML.readTree(tc1(4).yaml());

        assertThat(compose.path("version").asText()).isEqualTo("2.4");
        List<String> services = new ArrayList<>();
        compose.path("services").fieldNames().forEachRemaining(services::add);
        assertThat(services).hasSize(4 + 16).contains("hub-a", "hub-d", "root", "a-1", "a-3", "d-0", "d-3")
                .doesNotContain("a-0", "a-4");
        for (String name : services) {
            JsonNode service = compose.path("services").path(name);
            assertThat(service.path("image").asText()).as(name)
                    .isEqualTo(name.startsWith("hub-") ? "robber-hub:test" : "robber-node:test");
            assertThat(service.path("cap_add").get(0).asText()).as(name).isEqualTo("NET_ADMIN");
            assertThat(service.path("command").get(1).asText()).as(name).isEqualTo("/project/scripts/" + name + ".sh");
            assertThat(service.path("labels").path(ComposeProject.LABEL).asText()).isEqualTo("compose");
        }
        JsonNode hub = compose.path("services").path("hub-b");
        assertThat(hub.path("networks").path("cluster-b").path("ipv4_address").asText()).isEqualTo("198.18.129.254");
        assertThat(hub.path("networks").path("wan").path("ipv4_address").asText()).isEqualTo("198.19.128.2");
        assertThat(hub.path("sysctls").path("net.ipv4.ip_forward").asText()).isEqualTo("1");
        JsonNode node = compose.path("services").path("c-2");
        assertThat(node.path("networks").path("cluster-c").path("ipv4_address").asText()).isEqualTo("198.18.130.3");
        assertThat(node.path("networks").has("wan")).isFalse();
        assertThat(node.path("depends_on")).hasSize(4);
        assertThat(node.path("depends_on").path("hub-d").path("condition").asText()).isEqualTo("service_healthy");
        assertThat(hub.path("healthcheck").path("test").toString()).isEqualTo("[\"CMD\",\"test\",\"-e\",\"/tmp/started\"]");
    }

    @Test
    void networksHaveExplicitSubnetsOutsideTheNamespacesAndTheDaemonsRanges() throws Exception {
        JsonNode networks = YAML.readTree(tc1(4).yaml()).path("networks");

        Map<String, String> expected = Map.of("cluster-a", "198.18.128.0/24", "cluster-b", "198.18.129.0/24",
                "cluster-c", "198.18.130.0/24", "cluster-d", "198.18.131.0/24", "wan", "198.19.128.0/24");
        assertThat(networks.size()).isEqualTo(expected.size());
        expected.forEach((name, subnet) -> {
            JsonNode config = networks.path(name).path("ipam").path("config").get(0);
            assertThat(config.path("subnet").asText()).as(name).isEqualTo(subnet);
            assertThat(config.path("gateway").asText()).as(name).endsWith(".253");
            assertThat(networks.path(name).path("labels").path(ComposeProject.LABEL).asText()).isEqualTo("compose");
            // the host must not rewrite what crosses the hubs, or answers would bypass them
            assertThat(networks.path(name).path("driver_opts").path(ComposeProject.NO_MASQUERADE).asText())
                    .as(name).isEqualTo("false");
        });
    }

    @Test
    void hubsRouteAndShapeThePairsOnTheirWanInterfaceAndNodesRouteThroughTheirHub() {
        Map<String, String> files = tc1(4).files();

        String hubA = files.get("scripts/hub-a.sh");
        assertThat(hubA).contains("ip route add 198.18.129.0/24 via 198.19.128.2 src 198.18.128.254",
                "ip route add 198.18.131.0/24 via 198.19.128.4 src 198.18.128.254",
                // A–B is 8 MB/s in tc1-fast: 64 Mbit/s on the pair class matched by B's prefix
                "tc class add dev \"$wan\" parent 1:1 classid 1:101 htb rate 64000000bit ceil 64000000bit",
                "u32 match ip dst 198.18.129.0/24 flowid 1:101")
                .doesNotContain(" dev wan ", "ip route add 198.18.128.0/24");
        String root = files.get("scripts/root.sh");
        assertThat(root).contains("ip route replace default via 198.18.128.254", "send /tmp/data.bin",
                "--listen 198.18.128.1:7800", "--expect 15", "--data-port 7900", "emulate table /results/A0.json", "--bound 10000000",
                "touch /results/done");
        assertThat(files.get("scripts/d-3.sh")).contains("ip route replace default via 198.18.131.254",
                "receive --coordinator 198.18.128.1:7800 --listen 198.18.131.4:7900 --cluster D --id D3",
                "> /results/D3.json");
        assertThat(files).containsKeys("docker-compose.yml", "secret", "results/.keep");
    }

    /**
     * tc1-fast-to-slow at 5 %: A–D and B–C fall to 0.8 MB/s 1.5 s into the transfer. Each hub plays
     * that in the background, timed from the moment the root, which is then not quiet, sees its
     * sender start the transfer; the scripts are valid bash. A static scenario has none of it.
     */
    @Test
    void theHubsPlayTheScheduleFromTheStartOfTheTransferThatTheRootMarks(@TempDir Path dir) throws Exception {
        Network network = Scenarios.load("tc1-fast-to-slow").withNodesPerCluster(4).resolve().scaled(0.05);
        ComposeProject project = DockerExperiment.project(network, false, "robber", "robber-node:test",
                "robber-hub:test", 65536, Duration.ofMinutes(5));
        Map<String, String> files = project.files();

        String hubA = files.get("scripts/hub-a.sh");
        assertThat(hubA).contains("until [ -e /results/transfer-started ]", "    at 1500\n",
                "tc class change dev \"$wan\" parent 1:1 classid 1:103 htb rate 6400000bit ceil 6400000bit",
                "hub-a: schedule: pair rates of 1.500 s in force");
        assertThat(hubA.indexOf("rm -f /results/transfer-started")).as("cleared before the hub is healthy")
                .isLessThan(hubA.indexOf("touch /tmp/started"));
        assertThat(files.get("scripts/hub-b.sh")).contains("classid 1:102 htb rate 6400000bit");
        assertThat(files.get("scripts/root.sh")).contains("2> >(while IFS= read -r line;",
                "*'robber send: starting:'*) touch /results/transfer-started").doesNotContain("--quiet");
        project.write(dir);
        for (String script : List.of("hub-a", "hub-d", "root")) {
            Process check = new ProcessBuilder("bash", "-n", dir.resolve("scripts/" + script + ".sh").toString())
                    .redirectErrorStream(true).start();
            String said = new String(check.getInputStream().readAllBytes());
            assertThat(check.waitFor()).as("bash -n %s: %s", script, said).isZero();
        }

        Map<String, String> fixed = tc1(4).files();
        assertThat(fixed.get("scripts/hub-a.sh")).doesNotContain("transfer-started", "tc class change");
        assertThat(fixed.get("scripts/root.sh")).contains("--quiet").doesNotContain("transfer-started");
    }

    @Test
    void theFullScenarioIsOneFlagAway(@TempDir Path dir) throws Exception {
        ComposeProject full = tc1(16);
        full.write(dir);

        assertThat(full.receivers()).isEqualTo(63);
        assertThat(YAML.readTree(dir.resolve("docker-compose.yml").toFile()).path("services").size()).isEqualTo(68);
        assertThat(Files.readString(dir.resolve("scripts/b-15.sh"))).contains("--listen 198.18.129.16:7900");
    }

    @Test
    void withoutNetemEachHubStartsToxiproxyAppliesItsProxiesAndRedirectsTheClustersConnections() throws Exception {
        ComposeProject project = tc1(4);
        Map<String, String> files = project.files();

        assertThat(project.delays()).isEqualTo("no netem: Toxiproxy latency toxics on the hubs");
        String hubB = files.get("scripts/hub-b.sh");
        int server = hubB.indexOf("/usr/local/bin/toxiproxy-server -host 127.0.0.1 -port 8474 > /tmp/toxiproxy.log 2>&1 &");
        int setup = hubB.indexOf("-cp /robber/robber.jar io.robber.emulation.toxi.ProxySetup 127.0.0.1:8474 "
                + "/project/scripts/hub-b.proxies.json");
        // B's connections to A's root (coordinator and data port) go to B's first two proxies
        int dnat = hubB.indexOf("iptables -t nat -A PREROUTING -p tcp -s 198.18.129.0/24 -d 198.18.128.1 --dport 7800 "
                + "-j DNAT --to-destination 198.18.129.254:20000");
        int healthy = hubB.indexOf("touch /tmp/started");
        assertThat(List.of(server, setup, dnat, healthy)).doesNotContain(-1).isSorted();
        assertThat(hubB).contains("-d 198.18.128.1 --dport 7900 -j DNAT --to-destination 198.18.129.254:20001",
                "delays: no netem: Toxiproxy latency toxics on the hubs")
                .doesNotContain("-d 198.18.129.");
        // 12 remote nodes, one data port each, and the root's coordinator
        assertThat(hubB.lines().filter(l -> l.startsWith("iptables -t nat"))).hasSize(13);

        List<ProxySetup.Entry> entries = ProxySetup.read(files.get("scripts/hub-b.proxies.json"));
        assertThat(entries).hasSize(13);
        ProxySetup.Entry toRoot = entries.get(0);
        assertThat(toRoot.proxy().listen()).isEqualTo("198.18.129.254:20000");
        assertThat(toRoot.proxy().upstream()).isEqualTo("198.18.128.1:7800");
        assertThat(toRoot.toxics()).containsExactly(Toxic.latency("delay-up", Toxic.UPSTREAM, 10),
                Toxic.latency("delay-down", Toxic.DOWNSTREAM, 10));
    }

    @Test
    void withNetemTheDelayIsInThePairClassesAndTheHubsRunTheNodeImage() throws Exception {
        ComposeProject project = tc1(4, true, "robber-hub:test");
        Map<String, String> files = project.files();

        assertThat(project.delays()).isEqualTo("netem in the hubs' pair classes");
        assertThat(project.proxies()).isEmpty();
        assertThat(files.get("scripts/hub-a.sh")).contains("netem delay 10000us").doesNotContain("toxiproxy",
                "iptables");
        assertThat(files).doesNotContainKey("scripts/hub-a.proxies.json");
        assertThat(YAML.readTree(project.yaml()).path("services").path("hub-a").path("image").asText())
                .isEqualTo("robber-node:test");
    }

    @Test
    void withoutNetemNorAHubImageTheProjectSaysItHasNoDelays() {
        ComposeProject project = tc1(4, false, null);

        assertThat(project.delays()).startsWith("WARNING: no delays at all");
        assertThat(project.files().get("scripts/hub-a.sh")).doesNotContain("toxiproxy", "iptables");
    }

    @Test
    void refusesAPlanNumberedForTheNamespaces() {
        Network network = Scenarios.load("tc1-fast").resolve();
        ShapingPlan namespaces = ShapingPlan.of(network, false);

        assertThatThrownBy(() -> new ComposeProject(namespaces, "x", null, null))
                .hasMessageContaining("a Docker block");
    }

    /** A project of another address block uses that block's subnets everywhere, so it can run beside block 0's. */
    @Test
    void aProjectOfAnotherBlockHasThatBlocksSubnets() throws Exception {
        Network network = Scenarios.load("tc1-fast").withNodesPerCluster(4).resolve().scaled(0.05);
        ComposeProject second = DockerExperiment.project(network, false, "robber", "robber-node:test",
                "robber-hub:test", 65536, Duration.ofMinutes(5), 2);
        JsonNode networks = YAML.readTree(second.yaml()).path("networks");

        assertThat(networks.path("wan").path("ipam").path("config").get(0).path("subnet").asText())
                .isEqualTo("198.19.130.0/24");
        assertThat(networks.path("cluster-d").path("ipam").path("config").get(0).path("subnet").asText())
                .isEqualTo("198.18.195.0/24");
        assertThat(second.files().get("scripts/root.sh")).contains("--listen 198.18.192.1:7800");
        assertThat(second.files().get("scripts/hub-a.sh")).contains("via 198.19.130.2 src 198.18.192.254");
    }

    @Test
    void aBlockNumbersAtMostThirtyTwoClusters() {
        Network many = Scenarios.load("generated:clusters=33:nodes=1:size=1MB").resolve();

        assertThatThrownBy(() -> DockerExperiment.project(many, false, "robber", "n", null, 65536,
                Duration.ofMinutes(1), 1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("32");
    }
}
