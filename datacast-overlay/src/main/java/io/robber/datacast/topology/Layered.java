package io.robber.datacast.topology;

/**
 * A tree-like topology (Fattree, leaf-spine): every node has a tier, 0 at the top (core switches,
 * spines) and the servers at the bottom; links join adjacent tiers.
 */
public interface Layered {
    /** The tier of node {@code v}: 0 at the top, growing downwards. */
    int tier(int v);
}
