package io.robber.datacast.topology;

/** The limits on a topology's parameters, checked before anything is built. */
final class Sizes {
    /** Four times the paper's largest networks (4,096 servers and their switches). */
    static final long MAX_NODES = 1 << 20;

    private Sizes() {
    }

    static void require(boolean condition, String spec, String what) {
        if (!condition) {
            throw new IllegalArgumentException(spec + ": " + what);
        }
    }

    /** {@code base^exponent}, or a value past {@link #MAX_NODES} if it overflows. */
    static long power(long base, int exponent) {
        long result = 1;
        for (int i = 0; i < exponent; i++) {
            result *= base;
            if (result > MAX_NODES) {
                return MAX_NODES + 1;
            }
        }
        return result;
    }

    static void requireAtMostMaxNodes(String spec, long nodes) {
        require(nodes <= MAX_NODES, spec, "too large (more than " + MAX_NODES + " nodes); choose smaller parameters");
    }
}
