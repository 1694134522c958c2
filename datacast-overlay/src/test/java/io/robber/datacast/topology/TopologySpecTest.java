package io.robber.datacast.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class TopologySpecTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // spec         | servers | switches | links
        "fattree:4,3       |   16 |   20 |    48",
        "fattree:24,3      | 3456 |  720 | 10368",
        "fattree:4,2       |    8 |    6 |    16",
        "fattree:6,1       |    6 |    1 |     6",
        "bcube:4,1         |   16 |    8 |    32",
        "bcube:8,3         | 4096 | 2048 | 16384",
        "bcube:3,0         |    3 |    1 |     3",
        "torus:4,2         |   16 |    0 |    32",
        "torus:16,3        | 4096 |    0 | 12288",
        "leafspine:4,8,16  |  128 |   12 |   160"})
    void buildsTheNamedNetwork(String spec, int servers, int switches, int links) {
        Network network = TopologySpec.parse(spec).network();

        assertThat(network.servers()).hasSize(servers);
        assertThat(network.nodeCount() - servers).isEqualTo(switches);
        assertThat(network.linkCount()).isEqualTo(links);
        assertThat(network.graph().vertexSet()).hasSize(servers + switches);
        assertThat(network.graph().edgeSet()).hasSize(links);
    }

    @Test
    void specsAreCanonicalAndCaseInsensitive() {
        assertThat(TopologySpec.parse(" BCube:4, 1 ").spec()).isEqualTo("bcube:4,1");
        assertThat(TopologySpec.parse("leafspine:4,8,16").spec()).isEqualTo("leafspine:4,8,16");
    }

    @Test
    void everyServerOfAFattreeHasOneLinkAndEverySwitchNPorts() {
        Fattree fattree = (Fattree) TopologySpec.parse("fattree:8,3");
        Network network = fattree.network();

        for (Node node : network.nodes()) {
            assertThat(network.degree(node.index())).as(node.name()).isEqualTo(node.isServer() ? 1 : 8);
        }
        assertThat(network.nodes().stream().filter(n -> fattree.tier(n.index()) == 0)).hasSize(16);
    }

    @Test
    void bcubeNamesServersByDigitsAndSwitchesByLevelAndAddress() {
        BCube bcube = (BCube) TopologySpec.parse("bcube:4,1");
        Network network = bcube.network();

        Node server = network.node("02");
        assertThat(server.isServer()).isTrue();
        assertThat(bcube.digits(server.index())).containsExactly(2, 0);
        assertThat(network.linkBetween(network.node("<0,0>").index(), server.index())).isNotNegative();
        assertThat(network.linkBetween(network.node("<1,2>").index(), server.index())).isNotNegative();
        assertThat(network.linkBetween(network.node("<0,1>").index(), server.index())).isNegative();
        assertThat(network.node("<0,0>").role()).isEqualTo(Role.SWITCH);
        assertThat(network.degree(network.node("<1,3>").index())).isEqualTo(4);
    }

    @Test
    void torusLinksEachServerToItsTwoNeighboursPerDimension() {
        Torus torus = (Torus) TopologySpec.parse("torus:4,2");
        Network network = torus.network();

        assertThat(network.servers()).allSatisfy(s -> assertThat(network.degree(s.index())).isEqualTo(4));
        int s00 = network.node("00").index();
        assertThat(network.linkBetween(s00, network.node("03").index())).isNotNegative();
        assertThat(network.linkBetween(s00, network.node("30").index())).isNotNegative();
        assertThat(network.linkBetween(s00, network.node("11").index())).isNegative();
        assertThat(TopologySpec.parse("torus:16,3").network().node("15.0.3").isServer()).isTrue();
    }

    @Test
    void linksGetThePapersDefaultProfile() {
        Network network = TopologySpec.parse("bcube:4,1").network();

        assertThat(network.links()).allSatisfy(link -> assertThat(link.profile())
                .isEqualTo(new LinkProfile(1_000_000_000L, 5_000L, 100)));
    }

    @Test
    void aLinkCanHaveItsOwnProfile() {
        LinkProfile slow = new LinkProfile(100_000_000L, 5_000L, 100);
        Network network = TopologySpec.parse("bcube:4,1", LinkProfiles.DEFAULT.with("02", "<0,0>", slow)).network();

        Link link = network.link(network.linkBetween(network.node("<0,0>").index(), network.node("02").index()));
        assertThat(link.profile()).isEqualTo(slow);
        assertThat(network.links().stream().filter(l -> l.profile().equals(slow))).hasSize(1);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "bcube4,1           | expected KIND:PARAMS",
        "mesh:4,4           | unknown topology kind 'mesh'",
        "bcube:4            | expected 2 numbers n,k",
        "leafspine:4,8      | expected 3 numbers spines,leaves,hostsPerLeaf",
        "bcube:four,1       | must be whole numbers",
        "bcube:1,1          | n, the switch ports, must be at least 2",
        "bcube:4,-1         | k, the highest level, must be at least 0",
        "torus:2,3          | must be more than 2",
        "torus:4,0          | k, the dimensions, must be at least 1",
        "fattree:5,3        | must be even",
        "fattree:4,0        | must be at least 1",
        "leafspine:0,8,16   | must each be at least 1",
        "bcube:16,9         | too large",
        "torus:1000,3       | too large"})
    void badSpecsSayWhatIsWrongInOneLine(String spec, String message) {
        assertThatThrownBy(() -> TopologySpec.parse(spec))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aProfileForALinkThatDoesNotExistIsAnError() {
        LinkProfiles profiles = LinkProfiles.DEFAULT.with("00", "11", LinkProfile.DEFAULT);

        assertThatThrownBy(() -> TopologySpec.parse("bcube:4,1", profiles))
                .hasMessageContaining("no link between 00 and 11");
    }
}
