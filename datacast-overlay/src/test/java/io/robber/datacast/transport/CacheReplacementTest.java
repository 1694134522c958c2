package io.robber.datacast.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** §6.2.4: LRU and LFU stores against Datacast's FIFO, one by one and on Table 1's setup, in virtual time. */
class CacheReplacementTest {
    private static DataName name(int sequence) {
        return new DataName(1, 0, sequence);
    }

    private static ContentStore storeOfThree(CacheReplacement replacement) {
        ContentStore store = new ContentStore(3 * 1500, 1500, replacement);
        for (int i = 0; i < 3; i++) {
            store.insert(new Data(name(i), false));
        }
        return store;
    }

    @Test
    void lruEvictsTheLeastRecentlyRead() {
        ContentStore store = storeOfThree(CacheReplacement.LRU);
        store.lookup(name(0));
        store.insert(new Data(name(3), false));
        assertThat(store.lookup(name(1))).isNull();
        assertThat(store.lookup(name(0))).isNotNull();
        assertThat(store.lookup(name(2))).isNotNull();
        assertThat(store.size()).isEqualTo(3);
    }

    @Test
    void lfuEvictsTheLeastOftenReadAndTheOldestOfThose() {
        ContentStore store = storeOfThree(CacheReplacement.LFU);
        store.lookup(name(0));
        store.lookup(name(0));
        store.lookup(name(1));
        store.insert(new Data(name(3), false));
        assertThat(store.lookup(name(2))).isNull();
        store.insert(new Data(name(4), false));
        assertThat(store.lookup(name(3))).isNull();
        assertThat(store.lookup(name(0))).isNotNull();
        assertThat(store.lookup(name(1))).isNotNull();
        assertThat(store.lookup(name(4))).isNotNull();
        assertThat(store.size()).isEqualTo(3);
    }

    @Test
    void fifoGivesTheLowestDuplicateDataRatioThenLfuThenLru() {
        Map<CacheReplacement, Double> ratio = new EnumMap<>(CacheReplacement.class);
        for (CacheReplacement replacement : CacheReplacement.values()) {
            TransportSettings settings = TransportSettings.PAPER.withCacheReplacement(replacement);
            TransferReport report = CacheSizeBenchmark.run(settings, 10_000, 0, 1);
            assertThat(report.complete()).isTrue();
            ratio.put(replacement, report.duplicateDataRatio());
        }
        assertThat(ratio.get(CacheReplacement.LFU)).isGreaterThan(1.1 * ratio.get(CacheReplacement.FIFO));
        assertThat(ratio.get(CacheReplacement.LRU)).isGreaterThan(1.5 * ratio.get(CacheReplacement.FIFO))
                .isGreaterThan(ratio.get(CacheReplacement.LFU));
    }
}
