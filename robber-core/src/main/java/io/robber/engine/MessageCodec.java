package io.robber.engine;

import io.robber.wire.MalformedFrameException;
import io.robber.wire.Message;

/**
 * A protocol's own messages on the wire: the core carries their bytes in a
 * {@link Message.ProtocolMessage} frame (at most {@value Message.ProtocolMessage#MAX_PAYLOAD_BYTES}
 * bytes, checked before allocation) and hands them to this codec, so a protocol with messages of its
 * own never edits the core's message set. A payload {@link #decode} rejects disconnects the peer that
 * sent it, with a log line naming why; it never brings down the node.
 *
 * @param <M> the protocol's message type
 */
public interface MessageCodec<M> {

    /** The protocol's message type, which engines send through {@link EngineContext#sendOwn}. */
    Class<M> type();

    /** The bytes of {@code message}; at most {@value Message.ProtocolMessage#MAX_PAYLOAD_BYTES}. */
    byte[] encode(M message);

    /**
     * The message in {@code payload}, which came from another machine, for an operation on
     * {@code pieceCount} pieces: check every length and index before allocating anything, and refuse a
     * piece index of {@code pieceCount} or more (a piece set sized by an index from the wire would let
     * a few bytes cost hundreds of megabytes).
     *
     * @throws MalformedFrameException when the payload is not a message of this protocol
     */
    M decode(byte[] payload, int pieceCount);
}
