package io.robber.emulation.runner;

/**
 * The piece size a benchmark uses when none is given: about 8192 pieces per data set, a power of two
 * between 16 KiB and 1 MiB.
 *
 * <p>Why: a receiver keeps up to R requests outstanding per peer, and with 16 nodes per cluster a
 * cluster-pair link is shared by 16 connections. The last requests queued on the slowest such
 * connection form a tail of R·piece / (pair rate / 16): with tc1-fast's 2 MB/s A→D link that is 42 s
 * for 1 MiB pieces but 2.6 s for 64 KiB. In virtual time ({@code io.robber.sim}, 4 × 16 nodes)
 * Robber reaches 50 % of the bound on 600 MB with 1 MiB pieces, 86 % with 256 KiB and 96 % with
 * 64 KiB; on 30 MB, 90 % with 16 KiB. A larger floor would cut the in-process CPU of small runs
 * but costs the protocol more: TC2's 100 MB lose up to 15 points with 32 KiB (docs/perf.md, "The
 * default demo's CPU"). {@code robber send} and {@code robber demo} take
 * {@link io.robber.api.Manifest#pieceSizeFor} instead: fewer, larger pieces, for a push's CPU.
 */
public final class PieceSizes {
    static final int MIN = 16 << 10;
    static final int MAX = 1 << 20;
    static final int TARGET_PIECES = 8192;

    private PieceSizes() {
    }

    public static int forDataSize(long bytes) {
        long ideal = Math.max(1, bytes / TARGET_PIECES);
        long power = Long.highestOneBit(ideal);
        return (int) Math.max(MIN, Math.min(MAX, power));
    }
}
