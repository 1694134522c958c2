package io.robber.engine;

import io.robber.wire.Message;
import java.util.BitSet;
import java.util.List;

/**
 * One node's state machine for one multicast operation. Single-threaded and sans-IO: it consumes
 * events and acts only through its {@link EngineContext}. It owns no socket, thread or clock.
 */
public interface ProtocolEngine {

    /** All connections are up and the node's possession is known: send the opening messages. */
    void start();

    /** A protocol message from a neighbour; indices in it have been bounds-checked. */
    void onMessage(int peer, Message message);

    /**
     * One of the protocol's own messages from a neighbour, decoded by its plan's
     * {@link ProtocolPlan#messageCodec()}; only protocols with such a codec receive any.
     */
    default void onOwnMessage(int peer, Object message) {
    }

    /**
     * Whether piece {@code piece} arriving from {@code peer} is one this node asked it for (or, in a
     * protocol that pushes, one it may send unasked); asked on arrival, before the piece is checked
     * against its digest. A piece nobody asked for is refused unhashed. By default every piece is taken,
     * as sender-initiated protocols need; protocols that request pieces answer from their requests.
     */
    default boolean expects(int peer, int piece) {
        return true;
    }

    /**
     * The first bytes of {@code piece} from {@code peer} arrived; the rest follows, then
     * {@link #onPieceReceived} or {@link #onPieceRejected}. Over a slow or shared link a large piece
     * takes long to arrive whole, and this is the sign that the peer serves meanwhile.
     */
    default void onPieceArriving(int peer, int piece) {
    }

    /** A piece requested from {@code peer} arrived, matched its digest and is stored. */
    void onPieceReceived(int peer, int piece);

    /** A piece from {@code peer} failed its digest check and was discarded. */
    void onPieceRejected(int peer, int piece);

    /**
     * The connection to a neighbour is gone: what is outstanding with it will not arrive. It may come
     * back ({@link #onPeerReconnected}) or the member be declared dead ({@link #onMembersDead}).
     */
    void onPeerLost(int peer);

    /**
     * A lost neighbour is connected again, with nothing in flight: greet it as at the start (desire,
     * and whatever else the protocol opens with), since messages sent before the loss may be gone.
     */
    void onPeerReconnected(int peer);

    /**
     * The set of dead members grew ({@code dead}: all known so far). They will not fetch or serve
     * anything more, so their work must be taken over by the survivors.
     */
    default void onMembersDead(BitSet dead) {
    }

    /**
     * The initial possession of every member of this node's collective is now known (their union is
     * {@code heldByCollective}), learnt from the operation's possession flood over the local network
     * shortly after the start; with a collective of one, right after {@link #start()}.
     */
    default void onCollectivePossession(BitSet heldByCollective) {
    }

    /**
     * The initial possession of every member of the group is now known ({@code possessions}, by member
     * index; read-only, valid during the call), learnt from the operation's possession flood. Called
     * once, after {@link #onCollectivePossession}, when the flood is complete: in a large group
     * noticeably later than the start.
     */
    default void onGroupPossession(List<BitSet> possessions) {
    }

    /**
     * The operation is over on this node (the group finished, or this node gave up): no more events
     * follow, so cancel any timer the engine still has scheduled.
     */
    default void stop() {
    }
}
