package io.robber.exchange;

import java.util.BitSet;

/**
 * What a protocol decides on top of the piece exchange: which pieces it desires from each peer, and
 * what happens to its bookkeeping when it requests a piece or a request is abandoned.
 */
public interface ExchangePolicy {

    /**
     * desire(n, p): the pieces this node wants from {@code peer}; {@code null} means every piece it
     * does not hold. The exchange subtracts held and pending pieces itself.
     */
    BitSet desire(int peer);

    /**
     * The pieces this node asks {@code peer} to announce (the desire message it sends); {@code null}
     * means every piece it does not hold. By default its desire; a protocol may want to hear of more
     * than it requests, e.g. to know what a peer could serve beyond the desire.
     */
    default BitSet announcements(int peer) {
        return desire(peer);
    }

    /** This node just requested {@code piece} from {@code peer}. */
    default void onRequested(int peer, int piece) {
    }

    /** A request for {@code piece} will not be answered (peer lost, bad digest): it is wanted again. */
    default void onAbandoned(int piece) {
    }

    /** This node now holds {@code piece}. */
    default void onReceived(int piece) {
    }

    /** Called after every change of request state, so the policy can act (e.g. start stealing). */
    default void afterRequests() {
    }

    /** This node just sent {@code piece} to {@code peer}, answering its request. */
    default void onServed(int peer, int piece) {
    }

    /** With choking: {@code peer} told us whether it wants a piece we announced. */
    default void onInterest(int peer, boolean interested) {
    }
}
