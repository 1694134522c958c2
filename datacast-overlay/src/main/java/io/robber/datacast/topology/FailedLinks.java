package io.robber.datacast.topology;

import java.util.BitSet;
import java.util.Random;

/** The links of a network that are down (both directions), by link index; immutable. */
public final class FailedLinks {
    private final BitSet failed;

    private FailedLinks(BitSet failed) {
        this.failed = failed;
    }

    public static FailedLinks none() {
        return new FailedLinks(new BitSet());
    }

    public static FailedLinks of(int... links) {
        BitSet failed = new BitSet();
        for (int link : links) {
            failed.set(link);
        }
        return new FailedLinks(failed);
    }

    /**
     * {@code round(fraction · links)} links of the network chosen uniformly at random, the paper's
     * link failure rate (§6.1).
     */
    public static FailedLinks random(Network network, double fraction, Random random) {
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("the fraction of failed links must be between 0 and 1, got " + fraction);
        }
        int links = network.linkCount();
        int count = (int) Math.round(fraction * links);
        int[] order = new int[links];
        for (int i = 0; i < links; i++) {
            order[i] = i;
        }
        BitSet failed = new BitSet(links);
        for (int i = 0; i < count; i++) {
            int j = i + random.nextInt(links - i);
            int chosen = order[j];
            order[j] = order[i];
            failed.set(chosen);
        }
        return new FailedLinks(failed);
    }

    public boolean isFailed(int link) {
        return failed.get(link);
    }

    /** Whether the link carrying {@code arc} is up. */
    public boolean isLive(int arc) {
        return !isFailed(Network.linkOf(arc));
    }

    public int count() {
        return failed.cardinality();
    }

    /** The failed links' indices, ascending. */
    public int[] links() {
        return failed.stream().toArray();
    }
}
