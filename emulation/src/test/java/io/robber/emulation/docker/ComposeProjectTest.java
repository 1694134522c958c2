package io.robber.emulation.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.Scenarios;
import io.robber.emulation.tc.ShapingPlan;
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
        Network network = Scenarios.load("tc1-fast").withNodesPerCluster(nodesPerCluster).resolve().scaled(0.05);
        return DockerExperiment.project(network, "robber", "robber-node:test", 65536, Duration.ofMinutes(5));
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
            assertThat(service.path("image").asText()).as(name).isEqualTo("robber-node:test");
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
        });
    }

    @Test
    void hubsRouteAndShapeThePairsOnTheirWanInterfaceAndNodesRouteThroughTheirHub() {
        Map<String, String> files = tc1(4).files();

        String hubA = files.get("scripts/hub-a.sh");
        assertThat(hubA).contains("ip route add 198.18.129.0/24 via 198.19.128.2",
                "ip route add 198.18.131.0/24 via 198.19.128.4",
                // A–B is 8 MB/s in tc1-fast: 64 Mbit/s on the pair class matched by B's prefix
                "tc class add dev \"$wan\" parent 1:1 classid 1:101 htb rate 64000000bit ceil 64000000bit",
                "u32 match ip dst 198.18.129.0/24 flowid 1:101")
                .doesNotContain(" dev wan ", "ip route add 198.18.128.0/24");
        String root = files.get("scripts/root.sh");
        assertThat(root).contains("ip route replace default via 198.18.128.254", "send /tmp/data.bin",
                "--listen 198.18.128.1:7800", "--expect 15", "emulate table /results/A0.json", "--bound 10000000",
                "touch /results/done");
        assertThat(files.get("scripts/d-3.sh")).contains("ip route replace default via 198.18.131.254",
                "receive --coordinator 198.18.128.1:7800 --listen 198.18.131.4 --cluster D --id D3",
                "> /results/D3.json");
        assertThat(files).containsKeys("docker-compose.yml", "secret", "results/.keep");
    }

    @Test
    void theFullScenarioIsOneFlagAway(@TempDir Path dir) throws Exception {
        ComposeProject full = tc1(16);
        full.write(dir);

        assertThat(full.receivers()).isEqualTo(63);
        assertThat(YAML.readTree(dir.resolve("docker-compose.yml").toFile()).path("services").size()).isEqualTo(68);
        assertThat(Files.readString(dir.resolve("scripts/b-15.sh"))).contains("--listen 198.18.129.16");
    }

    @Test
    void refusesAPlanNumberedForTheNamespaces() {
        Network network = Scenarios.load("tc1-fast").resolve();
        ShapingPlan namespaces = ShapingPlan.of(network, false);

        assertThatThrownBy(() -> new ComposeProject(namespaces, "x", null))
                .hasMessageContaining("AddressPlan.DOCKER");
    }
}
