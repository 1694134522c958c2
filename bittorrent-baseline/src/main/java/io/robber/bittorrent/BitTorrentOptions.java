package io.robber.bittorrent;

import io.robber.api.ProtocolOptions;
import io.robber.engine.OptionNames;
import io.robber.engine.StringOptions;
import io.robber.exchange.ExchangeTuning;
import java.util.Locale;
import java.util.Set;

/**
 * The BitTorrent baseline's options, read from {@link ProtocolOptions#extra()} keys prefixed
 * {@code bittorrent.}; anything else under that prefix is rejected, so a typo never silently runs
 * the wrong baseline.
 *
 * @param variant      {@code classic} (the Robber paper's baseline, §2.5), {@code cornet} or {@code optimized}
 *                     (the Datacast paper's BT-Cornet and BT-Optimized, §6.3)
 * @param peers        N, the peers each node picks: {@code bittorrent.peers}, else 10 for optimized (§6.3)
 *                     and the common option (5 in the papers) otherwise
 * @param rarestFirst  request the piece the fewest peers announced rather than a random one
 * @param endGame      ask several peers for the last pending pieces
 * @param unchoked     peers served at once with choking (classic): 4 by rate plus 1 optimistic
 * @param rechokeNanos how often the choking decision is made (classic): 10 s
 * @param blockPieces  pieces per block, the unit picked at random and fetched from one peer; 0 means the
 *                     variant's default (see {@link #blockPieces(int)})
 * @param exchange     the piece exchange's tuning (R and the request window)
 */
public record BitTorrentOptions(Variant variant, int peers, boolean rarestFirst, boolean endGame, int unchoked,
                                long rechokeNanos, int blockPieces, ExchangeTuning exchange) {
    public static final String PREFIX = "bittorrent.";
    /** Cornet's block: 4 MiB. */
    public static final int CORNET_BLOCK_BYTES = 4 << 20;
    /** BT-Optimized: every server selects 10 peers. */
    public static final int OPTIMIZED_PEERS = 10;

    /** The three ways the papers ran BitTorrent. */
    public enum Variant {
        /** Random mesh, tit-for-tat choking, random piece choice: the Robber paper's baseline. */
        CLASSIC,
        /** No choking, large blocks, random mesh: Cornet's improvements. */
        CORNET,
        /** BT-Cornet with topology-aware neighbour selection. */
        OPTIMIZED
    }

    /** The string options under {@value #PREFIX}. */
    public static final OptionNames OPTIONS = new OptionNames("bittorrent", PREFIX, Set.of("variant", "peers",
            "rarest-first", "end-game", "unchoked", "rechoke", "block-pieces"));

    public static BitTorrentOptions of(ProtocolOptions options) {
        StringOptions bt = StringOptions.under(options, OPTIONS);
        Variant variant = variant(bt.text("variant", "classic"));
        int defaultPeers = variant == Variant.OPTIMIZED ? OPTIMIZED_PEERS : options.peers();
        return new BitTorrentOptions(variant,
                bt.positive("peers", defaultPeers),
                bt.bool("rarest-first", false),
                bt.bool("end-game", false),
                bt.positive("unchoked", 5),
                bt.durationNanos("rechoke", 10_000_000_000L),
                bt.positive("block-pieces", 0),
                ExchangeTuning.of(options));
    }

    /** Choking (and interest) is on in the classic variant only; Cornet disables it (§6.3). */
    public boolean choking() {
        return variant == Variant.CLASSIC;
    }

    /**
     * Pieces per block: the option, else 1 for classic (BitTorrent picks single pieces) and enough
     * pieces of {@code pieceSize} for Cornet's 4 MiB block in the data-center variants.
     */
    public int blockPieces(int pieceSize) {
        if (blockPieces > 0) {
            return blockPieces;
        }
        return variant == Variant.CLASSIC ? 1 : Math.max(1, CORNET_BLOCK_BYTES / Math.max(1, pieceSize));
    }

    private static Variant variant(String value) {
        try {
            return Variant.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bittorrent.variant must be classic, cornet or optimized, got '"
                    + value + "'");
        }
    }
}
