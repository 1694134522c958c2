package io.robber.datacast.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopologyFileTest {

    @Test
    void aTopologyRoundTripsThroughItsJsonFile(@TempDir Path dir) throws IOException {
        LinkProfiles profiles = LinkProfiles.uniform(new LinkProfile(10_000_000_000L, 2_000L, 64))
                .with("<0,0>", "02", new LinkProfile(100_000_000L, 5_000L, 100));
        Topology topology = TopologySpec.parse("bcube:4,1", profiles);
        Path file = dir.resolve("bcube.json");

        TopologyFile.write(topology, file);
        Topology read = TopologyFile.read(file);

        assertThat(read.spec()).isEqualTo("bcube:4,1");
        assertThat(read.linkProfiles()).isEqualTo(profiles);
        assertThat(read.network()).isEqualTo(topology.network());
    }

    @Test
    void missingFieldsTakeTheDefaults() {
        Topology topology = TopologyFile.parse("""
                {"topology": "torus:4,2",
                 "links": [{"between": ["00", "01"], "capacityBitsPerSecond": 100000000}]}""");

        Network network = topology.network();
        Link slow = network.link(network.linkBetween(network.node("00").index(), network.node("01").index()));
        assertThat(slow.profile()).isEqualTo(new LinkProfile(100_000_000L, 5_000L, 100));
        assertThat(network.links().stream().filter(l -> l.profile().equals(LinkProfile.DEFAULT)))
                .hasSize(network.linkCount() - 1);
    }

    @Test
    void badFilesSayWhatIsWrong() {
        assertThatThrownBy(() -> TopologyFile.parse("{\"topology\": \"bcube:4,1\", \"colour\": 3}"))
                .hasMessageStartingWith("bad topology file").hasMessageContaining("colour");
        assertThatThrownBy(() -> TopologyFile.parse("{}")).hasMessageContaining("no \"topology\" spec");
        assertThatThrownBy(() -> TopologyFile.parse("{\"topology\": \"bcube:4,1\", \"links\": [{\"between\": [\"00\"]}]}"))
                .hasMessageContaining("links[0] needs \"between\"");
        assertThatThrownBy(() -> TopologyFile.parse("{\"topology\": \"bcube:4,1\", \"links\": [{\"between\": [\"00\", \"99\"]}]}"))
                .hasMessageContaining("no node '99'");
        assertThatThrownBy(() -> TopologyFile.parse("{\"topology\": \"bcube:4,1\", \"link\": {\"queuePackets\": 0}}"))
                .hasMessageContaining("at least one packet");
        assertThatThrownBy(() -> TopologyFile.read(Path.of("/no/such/topology.json")))
                .hasMessageStartingWith("cannot read topology file");
    }
}
