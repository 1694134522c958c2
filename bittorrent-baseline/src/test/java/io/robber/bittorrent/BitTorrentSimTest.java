package io.robber.bittorrent;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.testkit.CompletionScenarios;
import io.robber.testkit.CompletionScenarios.Scenario;
import io.robber.sim.NodeStats;
import io.robber.sim.SimData;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import io.robber.wire.MessageType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The BitTorrent baseline and its variants on the virtual-time network. */
class BitTorrentSimTest {
    private static final int PIECE_SIZE = 64 * 1024;
    private static final BitTorrentProtocol BT = new BitTorrentProtocol();
    private static final Map<String, Map<String, String>> VARIANTS = Map.of(
            "classic", Map.of(),
            "cornet", Map.of("bittorrent.variant", "cornet", "bittorrent.block-pieces", "8"),
            "cornet, 4 MiB blocks", Map.of("bittorrent.variant", "cornet"),
            "optimized", Map.of("bittorrent.variant", "optimized", "bittorrent.block-pieces", "8"),
            "rarest-first", Map.of("bittorrent.rarest-first", "true"),
            "end-game", Map.of("bittorrent.end-game", "true"),
            "cornet, rarest-first, end-game", Map.of("bittorrent.variant", "cornet", "bittorrent.block-pieces", "4",
                    "bittorrent.rarest-first", "true", "bittorrent.end-game", "true"));

    static Stream<Arguments> variantsAndScenarios() {
        List<Arguments> all = new ArrayList<>();
        for (String variant : VARIANTS.keySet().stream().sorted().toList()) {
            for (Scenario scenario : CompletionScenarios.all()) {
                all.add(Arguments.of(variant, scenario));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("variantsAndScenarios")
    void everyNodeEndsWithEveryPiece(String variant, Scenario scenario) {
        Group group = scenario.group();
        SimResult result = SimNetwork.builder(group, BT)
                .options(options(7, VARIANTS.get(variant)))
                .pieces(scenario.pieceCount(), PIECE_SIZE)
                .possession(scenario.possession(group))
                .seed(11)
                .run()
                .assertAllComplete();

        for (int m = 0; m < group.size(); m++) {
            assertThat(result.holds(m).cardinality()).as("pieces of %s", group.member(m).id())
                    .isEqualTo(scenario.pieceCount());
        }
        assertThat(result.total(NodeStats::stealsTried)).isZero();
        boolean choking = !variant.contains("cornet") && !variant.equals("optimized");
        if (!variant.contains("end-game")) {
            assertThat(result.total(NodeStats::duplicates)).as("duplicates without end game")
                    .isLessThanOrEqualTo(choking ? rareDuplicates(group, scenario.pieceCount()) : 0);
        }
        if (scenario.pieceCount() > 0 && choking) {
            assertThat(result.messages(MessageType.CHOKE)).as("unchokes sent").isPositive();
            assertThat(result.messages(MessageType.INTEREST)).as("interest sent").isPositive();
        }
        if (!choking) {
            assertThat(result.messages(MessageType.CHOKE) + result.messages(MessageType.INTEREST))
                    .as("choke and interest messages without choking").isZero();
        }
    }

    /** A larger swarm, 64 nodes from one root, with rounds of choking over seconds of virtual time. */
    @Test
    void aLargerSwarmCompletesUnderChoking() {
        Group group = SimData.clusters(16, 16, 16, 16);
        int pieces = 400;
        SimResult result = SimNetwork.builder(group, BT)
                .options(options(5, Map.of()))
                .pieces(pieces, PIECE_SIZE)
                .possession(SimData.roots(pieces, 0))
                .seed(5)
                .run()
                .assertAllComplete();

        System.out.printf("bittorrent 4x16, %d pieces: completion %.3f s, global pieces %d%n", pieces,
                result.completionTime() / 1e9, result.total(NodeStats::piecesFromGlobal));
        assertThat(result.total(NodeStats::duplicates)).isLessThanOrEqualTo(rareDuplicates(group, pieces));
        assertThat(result.messages(MessageType.CHOKE)).isPositive();
    }

    /**
     * BitTorrent is cluster-blind: unlike Robber, every non-root cluster brings most pieces in from
     * other clusters several times (each member fetches many of them from global peers).
     */
    @Test
    void clusterBlindSwarmFetchesEachPieceIntoAClusterManyTimes() {
        Group group = SimData.clusters(8, 8, 8, 8);
        int pieces = 100;
        SimResult result = SimNetwork.builder(group, BT)
                .options(options(3, Map.of()))
                .pieces(pieces, PIECE_SIZE)
                .possession(SimData.roots(pieces, 0))
                .seed(3)
                .run()
                .assertAllComplete();

        for (String cluster : List.of("c1", "c2", "c3")) {
            assertThat(result.sum(cluster, NodeStats::piecesFromGlobal)).as("pieces into %s", cluster)
                    .isGreaterThan(2L * pieces);
        }
    }

    /**
     * With choking, a choke that crosses requests in flight makes the requester fetch those pieces
     * elsewhere while a quick unchoke lets the first peer answer them too, as in BitTorrent: allow
     * 5 % of the transfers (a bug that drops or repeats requests wholesale is far above that).
     */
    private static long rareDuplicates(Group group, int pieces) {
        return (long) pieces * (group.size() - 1) / 20;
    }

    static ProtocolOptions options(long seed, Map<String, String> extra) {
        return new ProtocolOptions(ProtocolOptions.DEFAULT_PEERS, ProtocolOptions.DEFAULT_MAX_OUTSTANDING, seed, extra);
    }
}
