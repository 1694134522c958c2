package io.robber.engine;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.wire.Message;
import io.robber.wire.MessageType;
import java.time.Duration;
import java.util.List;
import java.util.random.RandomGenerator;

/** Everything an engine may see and do. Implemented by {@link Operation}'s context over a {@link NodeIo}. */
public interface EngineContext {

    /** The operation number, carried by every message. */
    int op();

    /** This node's member index. */
    int self();

    Group group();

    Manifest manifest();

    /** This node's neighbours in the protocol's peer graph, by member index. */
    List<Integer> neighbours();

    /**
     * Whether {@code member} is known to hold every piece: the flood of done members, which reaches
     * this node up to a batch interval after the member completed.
     */
    boolean isDone(int member);

    /** True when {@code peer} is in this node's cluster (a local peer), false for a global peer. */
    default boolean isLocal(int peer) {
        return group().sameCluster(self(), peer);
    }

    void send(int peer, Message message);

    /**
     * Sends {@code message} and runs {@code sent} on this node's thread once it has left this node,
     * behind whatever was queued before it on the connection (a stream keeps its order); never when
     * the connection is gone first.
     */
    void send(int peer, Message message, Runnable sent);

    /**
     * Sends one of the protocol's own messages, encoded by its plan's {@link ProtocolPlan#messageCodec()};
     * the receiving engine gets it in {@link ProtocolEngine#onOwnMessage}.
     *
     * @throws IllegalStateException when the plan has no codec for messages of this type
     */
    void sendOwn(int peer, Object message);

    /** Sends piece {@code piece} (which this node holds) to {@code peer}, which requested it. */
    void sendPiece(int peer, int piece);

    /**
     * Sends piece {@code piece} (which this node holds) to {@code peer} unasked, as sender-initiated
     * protocols do; how many such pieces wait for a slow peer is the protocol's to bound.
     */
    void pushPiece(int peer, int piece);

    /** This node now holds every piece. */
    void completed();

    /** The operation cannot succeed on this node. */
    void fail(String reason);

    /**
     * A {@code type} message (or piece) from {@code peer} is refused: its sender could not have
     * produced it ({@code why}). It is counted, logged at a bounded rate, and otherwise ignored.
     */
    default void refuse(int peer, MessageType type, String why) {
        metrics().messageRejected(type);
    }

    /**
     * How long a member may give nothing before it is declared dead: the operation's failure timeout,
     * which also bounds how long an engine waits for a peer that does not serve it.
     */
    Duration failureTimeout();

    /**
     * {@code peer} does not serve this node (e.g. it leaves requests unanswered): it is disconnected and
     * declared dead group-wide for {@code reason}, so that its work is taken over as after any death.
     */
    void drop(int peer, String reason);

    RandomGenerator random();

    Timers timers();

    ProtocolMetrics metrics();
}
