package io.robber.transport;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.robber.api.Group;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * Dials the neighbours a node connects to until each is admitted, no longer wanted, or the dial's
 * deadline has passed. Each attempt may take {@link TransportOptions.Dialling#attemptTimeout()}; a
 * failed one is retried after {@link TransportOptions.Dialling#firstRetry()}, the delay doubling up to
 * {@link TransportOptions.Dialling#maxRetry()}. The last failure of each neighbour is kept for the
 * message of a connect timeout. Lives on the node's event loop.
 */
final class Dialler {
    private final Group group;
    private final EventLoop loop;
    private final TransportOptions.Dialling policy;
    /** The configuration every dial shares; each clones it with its own initializer. */
    private final Bootstrap bootstrap;
    /** The initializer of a connection dialled to a member. */
    private final IntFunction<ChannelHandler> initializer;
    /** Whether a member is still to be dialled: the node is open, the member neither connected nor excluded. */
    private final IntPredicate wanted;
    private final Map<Integer, String> lastFailure = new HashMap<>();
    /** When to stop redialling each neighbour. */
    private final Map<Integer, Long> deadline = new HashMap<>();
    private final Map<Integer, Long> retryMillis = new HashMap<>();
    /** Neighbours with a dial, or its retry, under way. */
    private final Set<Integer> dialling = new HashSet<>();

    Dialler(Group group, EventLoop loop, TransportOptions.Dialling policy, IntFunction<ChannelHandler> initializer,
            IntPredicate wanted) {
        this.group = group;
        this.loop = loop;
        this.policy = policy;
        this.initializer = initializer;
        this.wanted = wanted;
        this.bootstrap = new Bootstrap().group(loop).channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, millis(policy.attemptTimeout()));
    }

    /**
     * Dials {@code peer} until {@code deadlineNanos} (of {@link System#nanoTime()}); when a dial of it is
     * already under way, only its deadline moves.
     */
    void dial(int peer, long deadlineNanos) {
        deadline.put(peer, deadlineNanos);
        if (dialling.add(peer)) {
            attempt(peer);
        }
    }

    private void attempt(int peer) {
        if (!wanted.test(peer)) {
            return;
        }
        bootstrap.clone().handler(initializer.apply(peer))
                .connect(group.member(peer).address())
                .addListener((ChannelFuture f) -> {
                    if (!f.isSuccess()) {
                        failed(peer, String.valueOf(f.cause().getMessage()));
                    }
                });
    }

    /** A dial that failed to connect, or connected but failed before the peer was admitted. */
    void failed(int peer, String reason) {
        lastFailure.put(peer, reason);
        if (!wanted.test(peer) || System.nanoTime() > deadline.getOrDefault(peer, 0L)) {
            dialling.remove(peer);
            return;
        }
        long delay = retryMillis.merge(peer, policy.firstRetry().toMillis(),
                (old, first) -> Math.min(policy.maxRetry().toMillis(), old * 2));
        loop.schedule(() -> attempt(peer), delay, TimeUnit.MILLISECONDS);
    }

    /** {@code peer} was admitted: a later dial of it starts again from the first retry delay. */
    void connected(int peer) {
        retryMillis.remove(peer);
        dialling.remove(peer);
    }

    /** {@code peer}'s admitted connection was lost. */
    void lost(int peer) {
        lastFailure.put(peer, "connection lost");
    }

    /** Why the last dial of {@code peer} failed, or null. */
    String lastFailure(int peer) {
        return lastFailure.get(peer);
    }

    private static int millis(Duration d) {
        return (int) Math.min(Integer.MAX_VALUE, d.toMillis());
    }
}
