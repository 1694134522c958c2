package io.robber.datacast.transport;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The small mechanisms of §5.2–5.3: the FIFO content store, the token bucket, AIMD. */
class SourceMechanismsTest {
    private static DataName name(int sequence) {
        return new DataName(1, 0, sequence);
    }

    @Test
    void theContentStoreEvictsTheFirstInWhateverWasReadSince() {
        ContentStore store = new ContentStore(3 * 1500, 1500, CacheReplacement.FIFO);
        for (int i = 0; i < 3; i++) {
            store.insert(new Data(name(i), false));
        }
        assertThat(store.lookup(name(0))).isNotNull();
        store.insert(new Data(name(3), false));
        assertThat(store.lookup(name(0))).isNull();
        assertThat(store.lookup(name(1))).isNotNull();
        assertThat(store.size()).isEqualTo(3);
        assertThat(store.hits()).isEqualTo(2);
    }

    @Test
    void aStoreSmallerThanAPacketHoldsNothing() {
        ContentStore store = new ContentStore(1000, 1500, CacheReplacement.FIFO);
        store.insert(new Data(name(0), false));
        assertThat(store.size()).isZero();
    }

    @Test
    void theTokenBucketPacesAtItsRateAndARateChangeAppliesFromThenOn() {
        TokenBucket bucket = new TokenBucket(12_000_000L, 12_000, 0);
        assertThat(bucket.take(12_000, 0)).isTrue();
        assertThat(bucket.take(12_000, 500_000)).isFalse();
        assertThat(bucket.nanosUntil(12_000, 500_000)).isEqualTo(500_000);
        bucket.setRate(24_000_000L, 500_000);
        assertThat(bucket.nanosUntil(12_000, 500_000)).isEqualTo(250_000);
        assertThat(bucket.take(12_000, 750_000)).isTrue();
    }

    @Test
    void aimdHalvesOnADuplicateInterestAndAddsDeltaPerQuietInterval() {
        AimdRate rate = new AimdRate(TransportSettings.PAPER);
        rate.onDuplicateInterest();
        assertThat(rate.bitsPerSecond()).isEqualTo(250_000_000L);
        rate.onInterval();
        assertThat(rate.bitsPerSecond()).isEqualTo(250_000_000L);
        rate.onInterval();
        assertThat(rate.bitsPerSecond()).isEqualTo(255_000_000L);
        for (int i = 0; i < 40; i++) {
            rate.onDuplicateInterest();
        }
        assertThat(rate.bitsPerSecond()).isEqualTo(12_000_000L);
    }
}
