package io.robber.datacast.tcp;

/**
 * A data set in virtual time: each segment stands for its bytes by one seeded 64-bit word
 * (SplitMix64 of the seed and the sequence number), carried in the segment and checked on arrival;
 * the words chained in order make the data set's digest.
 */
public record SegmentWords(long seed, int segments) {
    static final long EMPTY_DIGEST = 0x9E3779B97F4A7C15L;

    /** Segment {@code sequence}'s word. */
    public long word(int sequence) {
        return mix(seed * 0x632BE59BD9B4E019L + sequence);
    }

    /** The digest of every word in order. */
    public long digest() {
        long digest = EMPTY_DIGEST;
        for (int i = 0; i < segments; i++) {
            digest = digest(digest, word(i));
        }
        return digest;
    }

    static long digest(long digest, long word) {
        return mix(digest ^ word) + 31 * digest;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
