package io.robber.datacast.transport;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.TreeMap;

/**
 * The content store's replacement algorithms compared in §6.2.4. {@link #FIFO} is Datacast's
 * (§5.3): the newest data are the popular ones, so the first in is the first out, whether or not it
 * was read since. {@link #LRU} evicts the least recently used, {@link #LFU} the least frequently used
 * (the oldest of those on a tie); both keep the data a slow receiver just caught up on and evict the
 * next packet it needs, hence their larger duplicate-data ratios.
 */
public enum CacheReplacement {
    FIFO {
        @Override
        Order newOrder() {
            return new FirstIn();
        }
    },
    LRU {
        @Override
        Order newOrder() {
            return new LeastRecentlyUsed();
        }
    },
    LFU {
        @Override
        Order newOrder() {
            return new LeastFrequentlyUsed();
        }
    };

    abstract Order newOrder();

    /** The order in which a store's entries are evicted. */
    interface Order {
        void inserted(DataName name);

        void read(DataName name);

        /** Removes and returns the next entry to evict; there is one. */
        DataName evict();
    }

    private static DataName removeFirst(LinkedHashSet<DataName> names) {
        Iterator<DataName> first = names.iterator();
        DataName name = first.next();
        first.remove();
        return name;
    }

    private static class FirstIn implements Order {
        final LinkedHashSet<DataName> names = new LinkedHashSet<>();

        @Override
        public void inserted(DataName name) {
            names.add(name);
        }

        @Override
        public void read(DataName name) {
        }

        @Override
        public DataName evict() {
            return removeFirst(names);
        }
    }

    private static final class LeastRecentlyUsed extends FirstIn {
        @Override
        public void read(DataName name) {
            names.remove(name);
            names.add(name);
        }
    }

    /** The entries in buckets by use count, fewest first, each bucket oldest first. */
    private static final class LeastFrequentlyUsed implements Order {
        private final Map<DataName, Integer> uses = new HashMap<>();
        private final TreeMap<Integer, LinkedHashSet<DataName>> buckets = new TreeMap<>();

        @Override
        public void inserted(DataName name) {
            uses.put(name, 0);
            bucket(0).add(name);
        }

        @Override
        public void read(DataName name) {
            int count = uses.merge(name, 1, Integer::sum) - 1;
            take(count, buckets.get(count), name);
            bucket(count + 1).add(name);
        }

        @Override
        public DataName evict() {
            Map.Entry<Integer, LinkedHashSet<DataName>> fewest = buckets.firstEntry();
            DataName name = fewest.getValue().iterator().next();
            take(fewest.getKey(), fewest.getValue(), name);
            uses.remove(name);
            return name;
        }

        private void take(int count, LinkedHashSet<DataName> bucket, DataName name) {
            bucket.remove(name);
            if (bucket.isEmpty()) {
                buckets.remove(count);
            }
        }

        private LinkedHashSet<DataName> bucket(int count) {
            return buckets.computeIfAbsent(count, c -> new LinkedHashSet<>());
        }
    }
}
