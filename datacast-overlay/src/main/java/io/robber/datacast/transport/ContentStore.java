package io.robber.datacast.transport;

import java.util.HashMap;

/**
 * A branching node's per-tree cache (§5.3): capacity C in bytes of data packets, replaced FIFO (the
 * paper's choice) or by one of the other {@link CacheReplacement}s of §6.2.4. The caller keeps
 * duplicate data out.
 */
final class ContentStore {
    private final HashMap<DataName, Data> entries = new HashMap<>();
    private final CacheReplacement.Order order;
    private final long capacityBytes;
    private final int packetBytes;
    private long hits;

    ContentStore(long capacityBytes, int packetBytes, CacheReplacement replacement) {
        this.capacityBytes = capacityBytes;
        this.packetBytes = packetBytes;
        this.order = replacement.newOrder();
    }

    /** The store of a branching node (or the source) with these settings. */
    static ContentStore of(TransportSettings settings) {
        return new ContentStore(settings.cacheBytes(), settings.mtuBytes(), settings.cacheReplacement());
    }

    /** The cached data of this name, or null; counts the hits. */
    Data lookup(DataName name) {
        Data data = entries.get(name);
        if (data != null) {
            hits++;
            order.read(name);
        }
        return data;
    }

    /** Caches {@code data}, evicting entries in the replacement's order to stay within C. */
    void insert(Data data) {
        if (packetBytes > capacityBytes || entries.containsKey(data.name())) {
            return;
        }
        while ((long) (entries.size() + 1) * packetBytes > capacityBytes) {
            entries.remove(order.evict());
        }
        entries.put(data.name(), data);
        order.inserted(data.name());
    }

    long hits() {
        return hits;
    }

    int size() {
        return entries.size();
    }
}
