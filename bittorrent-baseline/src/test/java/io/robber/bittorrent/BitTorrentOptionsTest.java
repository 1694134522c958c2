package io.robber.bittorrent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.engine.Protocols;
import io.robber.sim.SimData;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BitTorrentOptionsTest {

    private static BitTorrentOptions parse(Map<String, String> extra) {
        return BitTorrentOptions.of(BitTorrentSimTest.options(1, extra));
    }

    @Test
    void defaultsAreThePapersBaseline() {
        BitTorrentOptions o = parse(Map.of("robber.something", "ignored"));

        assertThat(o.variant()).isEqualTo(BitTorrentOptions.Variant.CLASSIC);
        assertThat(o.peers()).isEqualTo(5);
        assertThat(o.choking()).isTrue();
        assertThat(o.unchoked()).isEqualTo(5);
        assertThat(o.rechokeNanos()).isEqualTo(10_000_000_000L);
        assertThat(o.rarestFirst()).isFalse();
        assertThat(o.endGame()).isFalse();
        assertThat(o.blockPieces(64 * 1024)).isEqualTo(1);
    }

    @Test
    void dataCenterVariants() {
        BitTorrentOptions cornet = parse(Map.of("bittorrent.variant", "cornet"));
        BitTorrentOptions optimized = parse(Map.of("bittorrent.variant", "optimized", "bittorrent.rechoke", "500ms"));

        assertThat(cornet.choking()).isFalse();
        assertThat(cornet.blockPieces(64 * 1024)).isEqualTo(64);
        assertThat(cornet.blockPieces(8 << 20)).isEqualTo(1);
        assertThat(optimized.peers()).isEqualTo(10);
        assertThat(optimized.choking()).isFalse();
        assertThat(optimized.rechokeNanos()).isEqualTo(500_000_000L);
        assertThat(parse(Map.of("bittorrent.variant", "optimized", "bittorrent.peers", "7")).peers()).isEqualTo(7);
    }

    @Test
    void unknownKeysAndBadValuesAreRejectedClearly() {
        assertThatThrownBy(() -> parse(Map.of("bittorrent.rarest", "true")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown option bittorrent.rarest").hasMessageContaining("bittorrent.rarest-first");
        assertThatThrownBy(() -> parse(Map.of("bittorrent.variant", "bullet")))
                .hasMessage("bittorrent.variant must be classic, cornet or optimized, got 'bullet'");
        assertThatThrownBy(() -> parse(Map.of("bittorrent.end-game", "yes")))
                .hasMessage("bittorrent.end-game must be true or false, got 'yes'");
        assertThatThrownBy(() -> parse(Map.of("bittorrent.unchoked", "0")))
                .hasMessage("bittorrent.unchoked must be a whole number of at least 1, got '0'");
        assertThatThrownBy(() -> parse(Map.of("bittorrent.block-pieces", "many")))
                .hasMessageContaining("bittorrent.block-pieces must be a whole number");
        assertThatThrownBy(() -> parse(Map.of("bittorrent.rechoke", "soon")))
                .hasMessage("bittorrent.rechoke must be a positive duration such as 10s or 500ms, got 'soon'");
        assertThatThrownBy(() -> new BitTorrentProtocol().plan(io.robber.sim.SimData.clusters(3),
                new ProtocolOptions(5, 5, 1, Map.of("bittorrent.variant", "x"))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** Its own keys and the piece exchange's are declared; a misspelt prefix, which it never reads, is refused. */
    @Test
    void itsKeysAreKnownAndAMisspeltPrefixIsRefusedWhenPlanning() {
        Group group = SimData.clusters(3, 3);
        ProtocolOptions ok = BitTorrentSimTest.options(1, Map.of("bittorrent.variant", "cornet", "exchange.window-max", "16"));
        assertThat(Protocols.plan(new BitTorrentProtocol(), group, ok).graph()).isNotNull();

        assertThatThrownBy(() -> Protocols.plan(new BitTorrentProtocol(), group,
                BitTorrentSimTest.options(1, Map.of("bittorent.peers", "3"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown option bittorent.peers: no protocol on the class path takes options "
                        + "under 'bittorent.'; known prefixes: ")
                .hasMessageContaining("bittorrent.");
    }
}
