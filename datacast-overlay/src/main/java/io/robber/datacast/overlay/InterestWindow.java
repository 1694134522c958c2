package io.robber.datacast.overlay;

import io.robber.datacast.transport.RetransmissionTimeout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A receiver's interests outstanding with its parent on one tree (§5.2): at most w of its own (the
 * credit: one spent per interest, one back per piece), plus at most w that it forwards for its
 * children. Each interest times out on its own ({@link RetransmissionTimeout}).
 */
final class InterestWindow {
    /** One outstanding interest: when it was last sent, how often, and whether it is a child's. */
    private static final class Outstanding {
        long sentAt;
        int attempt;
        final boolean forwarded;

        Outstanding(long sentAt, boolean forwarded) {
            this.sentAt = sentAt;
            this.forwarded = forwarded;
        }
    }

    private final int credit;
    private final Map<Integer, Outstanding> outstanding = new LinkedHashMap<>();
    private int own;
    private int forwarded;

    InterestWindow(int credit) {
        this.credit = credit;
    }

    boolean hasCredit() {
        return own < credit;
    }

    /** Whether a child's interest may be forwarded now: forwarded ones are capped at the credit. */
    boolean mayForward() {
        return forwarded < credit;
    }

    boolean isOutstanding(int piece) {
        return outstanding.containsKey(piece);
    }

    void sent(int piece, long now, boolean forChild) {
        outstanding.put(piece, new Outstanding(now, forChild));
        if (forChild) {
            forwarded++;
        } else {
            own++;
        }
    }

    /**
     * The piece arrived: its interest is answered. Returns its round trip when it can be sampled (sent
     * once, Karn's rule), else -1; also -1 for a piece nobody here asked for.
     */
    long answered(int piece, long now) {
        Outstanding o = outstanding.remove(piece);
        if (o == null) {
            return -1;
        }
        if (o.forwarded) {
            forwarded--;
        } else {
            own--;
        }
        return o.attempt == 0 ? now - o.sentAt : -1;
    }

    /** The interests whose timeout passed by {@code now}; each counts as sent again now. */
    List<Integer> expired(long now, RetransmissionTimeout timeout) {
        List<Integer> due = new ArrayList<>();
        outstanding.forEach((piece, o) -> {
            if (now - o.sentAt >= timeout.nanos(o.attempt)) {
                o.attempt++;
                o.sentAt = now;
                due.add(piece);
            }
        });
        return due;
    }

    /** When the next interest times out, or {@link Long#MAX_VALUE} with none outstanding. */
    long nextDeadline(RetransmissionTimeout timeout) {
        long next = Long.MAX_VALUE;
        for (Outstanding o : outstanding.values()) {
            next = Math.min(next, o.sentAt + timeout.nanos(o.attempt));
        }
        return next;
    }

    /** Every outstanding interest, to send to a new parent or again to a reconnected one; restamped {@code now}. */
    List<Integer> resendAll(long now) {
        outstanding.values().forEach(o -> o.sentAt = now);
        return new ArrayList<>(outstanding.keySet());
    }
}
