package io.robber.engine;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.wire.Message;
import io.robber.wire.MessageType;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * The {@link EngineContext} of one {@link Operation}: the node's I/O; the engine's outcome goes to the
 * operation, and the peers it drops to the operation's {@link MemberFailureHandler}.
 */
final class OperationContext implements EngineContext {
    private final int op;
    private final Group group;
    private final int self;
    private final Manifest manifest;
    private final List<Integer> neighbours;
    private final Optional<MessageCodec<?>> codec;
    private final NodeIo io;
    private final RandomGenerator random;
    private final Rejections rejections;
    private final Operation operation;
    private final MemberFailureHandler failureHandler;
    private final Duration failureTimeout;

    OperationContext(int op, Group group, int self, Manifest manifest, List<Integer> neighbours,
                     Optional<MessageCodec<?>> codec, NodeIo io, RandomGenerator random, Rejections rejections,
                     Duration failureTimeout, Operation operation, MemberFailureHandler failureHandler) {
        this.op = op;
        this.group = group;
        this.self = self;
        this.manifest = manifest;
        this.neighbours = neighbours;
        this.codec = codec;
        this.io = io;
        this.random = random;
        this.rejections = rejections;
        this.failureTimeout = failureTimeout;
        this.operation = operation;
        this.failureHandler = failureHandler;
    }

    @Override
    public boolean isDone(int member) {
        return operation.isDone(member);
    }

    @Override
    public int op() {
        return op;
    }

    @Override
    public int self() {
        return self;
    }

    @Override
    public Group group() {
        return group;
    }

    @Override
    public Manifest manifest() {
        return manifest;
    }

    @Override
    public List<Integer> neighbours() {
        return neighbours;
    }

    @Override
    public void send(int peer, Message message) {
        io.send(peer, message);
    }

    @Override
    public void send(int peer, Message message, Runnable sent) {
        io.send(peer, message, sent);
    }

    @Override
    public void sendOwn(int peer, Object message) {
        io.send(peer, new Message.ProtocolMessage(op, encode(codec.filter(c -> c.type().isInstance(message))
                .orElseThrow(() -> new IllegalStateException("the protocol's plan has no message codec for "
                        + message.getClass().getName())), message)));
    }

    private static <M> byte[] encode(MessageCodec<M> codec, Object message) {
        return codec.encode(codec.type().cast(message));
    }

    @Override
    public void sendPiece(int peer, int piece) {
        io.sendPiece(peer, op, piece, true);
    }

    @Override
    public void pushPiece(int peer, int piece) {
        io.sendPiece(peer, op, piece, false);
    }

    @Override
    public void completed() {
        operation.completeLocally();
    }

    @Override
    public void fail(String reason) {
        operation.fail(reason);
    }

    @Override
    public void refuse(int peer, MessageType type, String why) {
        rejections.reject(peer, type, why);
    }

    @Override
    public Duration failureTimeout() {
        return failureTimeout;
    }

    @Override
    public void drop(int peer, String reason) {
        failureHandler.ban(peer, reason);
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public Timers timers() {
        return io.timers();
    }

    @Override
    public ProtocolMetrics metrics() {
        return io.metrics();
    }
}
