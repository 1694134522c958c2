package io.robber.datacast.steiner;

import java.util.List;

/**
 * The result of {@link MultipleSteinerTrees#calculate}: the group's edge-disjoint Steiner trees,
 * how many of the spanning trees had to be repaired and how many of those were dropped.
 */
public record SteinerTreeSet(List<SteinerTree> trees, int repaired, int dropped) {
    public SteinerTreeSet {
        trees = List.copyOf(trees);
    }

    public int size() {
        return trees.size();
    }
}
