package io.robber.datacast.mctcp;

import io.robber.datacast.tcp.RtoEstimator;
import java.util.ArrayList;
import java.util.List;

/**
 * The sender's side of MCTCP's session establishment (§3.1.1), sans-IO: a SYN carrying the group to
 * each receiver by unicast, sent again to those that have not answered whenever the retransmission
 * timeout expires. The timeout is RFC 6298's, shared with the data that follows: the first SYN-ACKs'
 * round trips set it for the receivers still silent (Karn's rule: none from a SYN sent twice), and
 * it doubles on each expiry. A receiver that has not answered {@code evictAfter} after the first SYN
 * is given up (§3.1.2's node failure) so that the others can start.
 */
final class Handshake {
    /** What the handshake asks the network and the session to do. */
    interface Output {
        /** Sends a SYN to {@code receiver}. */
        void syn(int receiver);

        /** Receiver {@code receiver} never answered and is given up. */
        void evicted(int receiver);
    }

    private final int[] receivers;
    private final RtoEstimator rto;
    private final long evictAfterNanos;
    private final Output output;
    private final boolean[] answered;
    private final boolean[] resent;
    private final List<Integer> evicted = new ArrayList<>();
    private long startedAt;
    private long timerSince;
    private long syns;

    Handshake(int[] receivers, RtoEstimator rto, long evictAfterNanos, Output output) {
        this.receivers = receivers.clone();
        this.rto = rto;
        this.evictAfterNanos = evictAfterNanos;
        this.output = output;
        this.answered = new boolean[receivers.length];
        this.resent = new boolean[receivers.length];
    }

    /** Sends the first SYNs at {@code now}. */
    void start(long now) {
        startedAt = now;
        timerSince = now;
        for (int receiver : receivers) {
            send(receiver);
        }
    }

    /** Receiver {@code receiver}'s SYN-ACK arrived at {@code now}; a repeated one changes nothing. */
    void onSynAck(int receiver, long now) {
        for (int r = 0; r < receivers.length; r++) {
            if (receivers[r] == receiver && pending(r)) {
                answered[r] = true;
                if (!resent[r]) {
                    rto.sample(now - startedAt);
                }
            }
        }
    }

    /** Gives up on receivers silent too long and sends the SYNs again if the timeout expired; as due at {@code now}. */
    void onTimer(long now) {
        for (int r = 0; r < receivers.length; r++) {
            if (pending(r) && now - startedAt >= evictAfterNanos) {
                evicted.add(receivers[r]);
                output.evicted(receivers[r]);
            }
        }
        if (!done() && now - timerSince >= rto.rto()) {
            rto.backOff();
            timerSince = now;
            for (int r = 0; r < receivers.length; r++) {
                if (pending(r)) {
                    resent[r] = true;
                    send(receivers[r]);
                }
            }
        }
    }

    /** When {@link #onTimer} is next due. */
    long nextDeadline() {
        return done() ? Long.MAX_VALUE : Math.min(timerSince + rto.rto(), startedAt + evictAfterNanos);
    }

    /** Whether every receiver answered or was given up. */
    boolean done() {
        for (int r = 0; r < receivers.length; r++) {
            if (pending(r)) {
                return false;
            }
        }
        return true;
    }

    /** The receivers given up, in that order. */
    List<Integer> evicted() {
        return List.copyOf(evicted);
    }

    /** SYNs sent, the first ones and those sent again. */
    long syns() {
        return syns;
    }

    private boolean pending(int r) {
        return !answered[r] && !evicted.contains(receivers[r]);
    }

    private void send(int receiver) {
        syns++;
        output.syn(receiver);
    }
}
