package io.robber.bittorrent;

import io.robber.api.ProtocolOptions;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

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
 */
public record BitTorrentOptions(Variant variant, int peers, boolean rarestFirst, boolean endGame, int unchoked,
                                long rechokeNanos, int blockPieces) {
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

    private static final Set<String> KEYS = Set.of("variant", "peers", "rarest-first", "end-game", "unchoked",
            "rechoke", "block-pieces");

    public static BitTorrentOptions of(ProtocolOptions options) {
        Map<String, String> extra = options.extra();
        for (String key : extra.keySet()) {
            if (key.startsWith(PREFIX) && !KEYS.contains(key.substring(PREFIX.length()))) {
                throw new IllegalArgumentException("unknown option " + key + "; bittorrent knows " + known());
            }
        }
        Variant variant = variant(extra.getOrDefault(PREFIX + "variant", "classic"));
        int defaultPeers = variant == Variant.OPTIMIZED ? OPTIMIZED_PEERS : options.peers();
        return new BitTorrentOptions(variant,
                positive(extra, "peers", defaultPeers),
                bool(extra, "rarest-first"),
                bool(extra, "end-game"),
                positive(extra, "unchoked", 5),
                duration(extra.getOrDefault(PREFIX + "rechoke", "10s")),
                positive(extra, "block-pieces", 0));
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

    private static boolean bool(Map<String, String> extra, String name) {
        String value = extra.getOrDefault(PREFIX + name, "false").trim();
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException(PREFIX + name + " must be true or false, got '" + value + "'");
        }
        return value.equals("true");
    }

    private static int positive(Map<String, String> extra, String name, int fallback) {
        String value = extra.get(PREFIX + name);
        if (value == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(PREFIX + name + " must be a whole number of at least 1, got '" + value + "'");
    }

    /** {@code 10s}, {@code 500ms} or a plain number of seconds; more than zero. */
    private static long duration(String value) {
        String v = value.trim();
        try {
            long nanos;
            if (v.endsWith("ms")) {
                nanos = Long.parseLong(v.substring(0, v.length() - 2)) * 1_000_000L;
            } else {
                nanos = Long.parseLong(v.endsWith("s") ? v.substring(0, v.length() - 1) : v) * 1_000_000_000L;
            }
            if (nanos > 0) {
                return nanos;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(PREFIX + "rechoke must be a positive duration such as 10s or 500ms, got '"
                + value + "'");
    }

    private static String known() {
        return new TreeSet<>(KEYS).stream().map(k -> PREFIX + k).toList().toString();
    }
}
