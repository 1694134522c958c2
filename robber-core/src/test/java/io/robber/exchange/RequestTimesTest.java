package io.robber.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** Requests timed from when they left this node, not from when they were queued. */
class RequestTimesTest {

    @Test
    void aRequestThatHasNotLeftIsNeverOld() {
        RequestTimes times = new RequestTimes(2);
        times.put(7, RequestTimes.NOT_LEFT);
        BitSet old = new BitSet();
        times.olderThan(Long.MAX_VALUE / 2, 1, old);

        assertThat(old.stream()).isEmpty();
        assertThat(times.oldest()).isEqualTo(RequestTimes.NOT_LEFT);
    }

    @Test
    void aRequestIsTimedFromWhenItLeft() {
        RequestTimes times = new RequestTimes(2);
        times.put(7, RequestTimes.NOT_LEFT);
        times.put(9, RequestTimes.NOT_LEFT);
        times.put(11, RequestTimes.NOT_LEFT);
        times.left(7, 100);
        times.left(9, 250);
        times.left(42, 10);
        BitSet old = new BitSet();
        times.olderThan(300, 100, old);

        assertThat(old.stream()).containsExactly(7);
        assertThat(times.oldest()).isEqualTo(100);
        assertThat(times.size()).isEqualTo(3);
        times.remove(7);
        assertThat(times.oldest()).isEqualTo(250);
    }
}
