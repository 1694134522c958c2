package io.robber.emulation.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.emulation.tc.AddressPlan;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The Docker address blocks, and which one a new project takes beside the daemon's networks. */
class DockerSlotsTest {
    @Test
    void theBlocksShareNoSubnetWithEachOtherNorWithTheNamespacesOrTheDaemon() {
        Set<String> seen = new HashSet<>(List.of(AddressPlan.NAMESPACES.wan(), "198.19.0.0/24"));
        for (int slot = 0; slot < AddressPlan.DOCKER_SLOTS; slot++) {
            AddressPlan.Block block = AddressPlan.docker(slot);
            assertThat(block.maxClusters()).as("the last block ends at 198.18.254.0/24")
                    .isBetween(AddressPlan.DOCKER_CLUSTERS - 1, AddressPlan.DOCKER_CLUSTERS);
            assertThat(seen.add(block.wan())).as("WAN of block %d", slot).isTrue();
            for (int c = 0; c < block.maxClusters(); c++) {
                assertThat(seen.add(block.cluster(c))).as("cluster %d of block %d", c, slot).isTrue();
            }
        }
        assertThat(AddressPlan.DOCKER).isEqualTo(AddressPlan.docker(0));
        assertThat(AddressPlan.isDocker(AddressPlan.docker(3))).isTrue();
        assertThat(AddressPlan.isDocker(AddressPlan.NAMESPACES)).isFalse();
        assertThatThrownBy(() -> AddressPlan.docker(AddressPlan.DOCKER_SLOTS)).hasMessageContaining("0 to 3");
    }

    @Test
    void aProjectTakesTheFirstBlockWhoseSubnetsAreFree() {
        assertThat(DockerSlots.free(4, Set.of())).isZero();
        assertThat(DockerSlots.free(4, Set.of("198.19.128.0/24"))).as("block 0's WAN held").isEqualTo(1);
        assertThat(DockerSlots.free(4, Set.of("198.18.131.0/24"))).as("block 0's fourth cluster held").isEqualTo(1);
        assertThat(DockerSlots.free(3, Set.of("198.18.131.0/24"))).as("three clusters do not reach it").isZero();
        assertThat(DockerSlots.free(4, Set.of("198.19.128.0/24", "198.18.160.0/24", "198.18.0.0/24")))
                .isEqualTo(2);
    }

    @Test
    void whenEveryBlockIsHeldItSaysSo() {
        Set<String> held = new HashSet<>();
        for (int slot = 0; slot < AddressPlan.DOCKER_SLOTS; slot++) {
            held.add(AddressPlan.docker(slot).wan());
        }

        assertThatThrownBy(() -> DockerSlots.free(2, held)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("every Docker address block").hasMessageContaining("docker network ls");
    }
}
