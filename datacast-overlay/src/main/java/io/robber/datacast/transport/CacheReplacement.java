package io.robber.datacast.transport;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;

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

    /** O(1) LFU: the entries in buckets by use count, each bucket oldest first. */
    private static final class LeastFrequentlyUsed implements Order {
        private final Map<DataName, Integer> uses = new HashMap<>();
        private final Map<Integer, LinkedHashSet<DataName>> buckets = new HashMap<>();
        private int fewestUses;

        @Override
        public void inserted(DataName name) {
            uses.put(name, 0);
            bucket(0).add(name);
            fewestUses = 0;
        }

        @Override
        public void read(DataName name) {
            int count = uses.get(name);
            LinkedHashSet<DataName> from = buckets.get(count);
            from.remove(name);
            if (from.isEmpty()) {
                buckets.remove(count);
                if (fewestUses == count) {
                    fewestUses = count + 1;
                }
            }
            uses.put(name, count + 1);
            bucket(count + 1).add(name);
        }

        @Override
        public DataName evict() {
            LinkedHashSet<DataName> least = buckets.get(fewestUses);
            DataName name = removeFirst(least);
            uses.remove(name);
            if (least.isEmpty()) {
                buckets.remove(fewestUses);
                fewestUses = buckets.isEmpty() ? 0 : buckets.keySet().stream().mapToInt(Integer::intValue).min().getAsInt();
            }
            return name;
        }

        private LinkedHashSet<DataName> bucket(int count) {
            return buckets.computeIfAbsent(count, c -> new LinkedHashSet<>());
        }
    }
}
