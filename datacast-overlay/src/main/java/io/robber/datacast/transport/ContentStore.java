package io.robber.datacast.transport;

import java.util.Iterator;
import java.util.LinkedHashMap;

/**
 * A branching node's per-tree cache (§5.3): FIFO replacement, capacity C in bytes of data packets.
 * The newest data are the popular ones (every receiver will still ask for them), so the first in is
 * the first out, whether or not it was read since. The caller keeps duplicate data out.
 */
final class ContentStore {
    private final LinkedHashMap<DataName, Data> entries = new LinkedHashMap<>();
    private final long capacityBytes;
    private final int packetBytes;
    private long hits;

    ContentStore(long capacityBytes, int packetBytes) {
        this.capacityBytes = capacityBytes;
        this.packetBytes = packetBytes;
    }

    /** The cached data of this name, or null; counts the hits. */
    Data lookup(DataName name) {
        Data data = entries.get(name);
        if (data != null) {
            hits++;
        }
        return data;
    }

    /** Caches {@code data}, evicting the oldest entries to stay within C. */
    void insert(Data data) {
        if (packetBytes > capacityBytes || entries.containsKey(data.name())) {
            return;
        }
        while ((long) (entries.size() + 1) * packetBytes > capacityBytes) {
            Iterator<DataName> oldest = entries.keySet().iterator();
            oldest.next();
            oldest.remove();
        }
        entries.put(data.name(), data);
    }

    long hits() {
        return hits;
    }

    int size() {
        return entries.size();
    }
}
