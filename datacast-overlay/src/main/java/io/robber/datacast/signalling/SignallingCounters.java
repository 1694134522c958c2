package io.robber.datacast.signalling;

import java.util.HashMap;
import java.util.Map;

/**
 * The cost of each signalling message, summed over every node: the copies of the message sent
 * down (one per tree link, more with retries), the ACKs sent up, and their bytes. A meter, like a
 * port's counters, not part of the protocol.
 */
public final class SignallingCounters {
    /** One message's totals. */
    public record Cost(int messages, int acks, long bytes) {
        Cost plus(boolean ack, int sizeBytes) {
            return new Cost(messages + (ack ? 0 : 1), acks + (ack ? 1 : 0), bytes + sizeBytes);
        }
    }

    private final Map<Long, Cost> costs = new HashMap<>();
    private long messages;
    private long acks;

    void sent(long id, boolean ack, int sizeBytes) {
        costs.merge(id, new Cost(0, 0, 0).plus(ack, sizeBytes), (a, b) -> a.plus(ack, sizeBytes));
        if (ack) {
            acks++;
        } else {
            messages++;
        }
    }

    /** What message {@code id} has cost so far. */
    public Cost cost(long id) {
        return costs.getOrDefault(id, new Cost(0, 0, 0));
    }

    /** Every message copy sent so far, over all messages. */
    public long messages() {
        return messages;
    }

    public long acks() {
        return acks;
    }
}
