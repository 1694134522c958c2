package io.robber.datacast.topology;

/**
 * A full-duplex link between two nodes of a {@link Network}, addressed by its stable index (for
 * failures and port counters). It carries two arcs, one per direction: see {@link Network#arc}.
 */
public record Link(int index, Node a, Node b, LinkProfile profile) {
    @Override
    public String toString() {
        return a.name() + "—" + b.name();
    }
}
