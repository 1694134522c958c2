package io.robber.storage;

import java.util.Map;
import java.util.TreeMap;

/** The byte ranges of one file written so far, merged, so that a file knows when it is whole. */
final class WrittenRanges {
    private final TreeMap<Long, Long> ranges = new TreeMap<>();
    private long covered;

    /** Records {@code [from, to)} as written; returns the number of distinct bytes written so far. */
    long add(long from, long to) {
        long start = from;
        long end = to;
        Map.Entry<Long, Long> before = ranges.floorEntry(start);
        if (before != null && before.getValue() >= start) {
            start = before.getKey();
            end = Math.max(end, remove(before));
        }
        for (Map.Entry<Long, Long> next = ranges.ceilingEntry(start); next != null && next.getKey() <= end;
             next = ranges.ceilingEntry(start)) {
            end = Math.max(end, remove(next));
        }
        ranges.put(start, end);
        covered += end - start;
        return covered;
    }

    private long remove(Map.Entry<Long, Long> range) {
        ranges.remove(range.getKey());
        covered -= range.getValue() - range.getKey();
        return range.getValue();
    }
}
