package io.robber.transport;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.handler.traffic.GlobalTrafficShapingHandler;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Member;
import io.robber.api.RobberException;
import io.robber.api.Sessions;
import io.robber.security.SecretProof;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connections of one node to its neighbours in the peer graph: one TCP connection per pair,
 * dialled by the member with the lower index ({@link Dialler}) and accepted by the other, each set up
 * by a {@link PeerChannelInitializer}. A peer is admitted once its handshake passed every check and it
 * proved it knows the group's secret ({@link PeerHandshake}). Neighbours are dialled until every one
 * is connected or the connect timeout expires; a connection lost later is redialled for up to the
 * failure timeout, after which the running operation declares that member dead.
 *
 * <p>An admitted connection is watched for idleness ({@link PeerIdleHandler}): a peer from which
 * nothing at all arrives for the failure timeout is frozen; it is declared dead and the connection
 * closed. Closing the node closes every connection in order ({@link HalfClose}).
 */
final class PeerLinks {
    private static final Logger LOG = LoggerFactory.getLogger(PeerLinks.class);
    /** How long a half-closed connection waits for the peer to close its side before it is closed anyway. */
    private static final Duration CLOSE_GRACE = Duration.ofSeconds(2);

    private final Group group;
    private final int self;
    private final List<Integer> neighbours;
    private final EventLoop loop;
    private final LinkListener listener;
    private final Duration connectTimeout;
    private final Duration failureTimeout;
    private final TransportOptions transport;
    private final PeerHandshake handshake;
    private final Dialler dialler;
    /** Admitted connections by peer index; null where none. An array: every send looks one up. */
    private final Channel[] channels;
    /** Reading is stopped on every connection: too many received pieces wait for storage. */
    private boolean readingPaused;
    private final CompletableFuture<Void> allConnected = new CompletableFuture<>();
    /** Neighbours declared gone from outside ({@link #exclude}): not dialled, not waited for. */
    private final BitSet excluded = new BitSet();
    /** The node-wide rate limit every admitted connection passes through ({@link TransportOptions#maxRate()}), or null. */
    private final GlobalTrafficShapingHandler rateLimit;
    private Channel server;
    private boolean closed;

    PeerLinks(ChannelConfig config, TransportOptions transport, int self, List<Integer> neighbours, EventLoop loop,
              String protocol, LinkListener listener) {
        this.group = config.group();
        this.self = self;
        this.neighbours = neighbours;
        this.loop = loop;
        this.listener = listener;
        this.connectTimeout = config.connectTimeout();
        this.failureTimeout = config.failureTimeout();
        this.transport = transport;
        this.channels = new Channel[group.size()];
        long session = Sessions.id(group, protocol);
        this.handshake = new PeerHandshake(group, self, neighbours, protocol, session,
                new SecretProof(config.secret(), session));
        this.dialler = new Dialler(group, loop, transport.dialling(), this::initializer,
                peer -> !closed && missing(peer));
        this.rateLimit = transport.maxRate() == 0 ? null
                : new GlobalTrafficShapingHandler(loop, transport.maxRate(), transport.maxRate());
    }

    /** Binds this node's address (blocking) and starts dialling. */
    void start() {
        InetSocketAddress address = group.member(self).address();
        ChannelFuture bind = new ServerBootstrap()
                .group(loop, loop)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childHandler(initializer(-1))
                .bind(address)
                .awaitUninterruptibly();
        if (!bind.isSuccess()) {
            Throwable cause = bind.cause();
            String why = cause instanceof BindException ? "the address is in use or not local to this machine"
                    : String.valueOf(cause.getMessage());
            throw new RobberException("member " + selfId() + " cannot listen on " + hostPort(address) + ": " + why
                    + "; pick another address or port, or stop the process that holds it", cause);
        }
        server = bind.channel();
        transport.runtime().track(server);
        loop.execute(() -> {
            long deadline = System.nanoTime() + connectTimeout.toNanos();
            for (int n : neighbours) {
                if (n > self) {
                    dialler.dial(n, deadline);
                }
            }
            checkAllConnected();
            loop.schedule(this::connectDeadline, connectTimeout.toNanos(), TimeUnit.NANOSECONDS);
        });
    }

    private PeerChannelInitializer initializer(int dialled) {
        return new PeerChannelInitializer(this, handshake, transport, dialled);
    }

    /** A dial that failed to connect, or connected but failed before the peer was admitted. */
    void dialFailed(int peer, String reason) {
        dialler.failed(peer, reason);
    }

    /**
     * Admits an authenticated peer on {@code channel}. A connection it replaces counts as lost first,
     * so the operation always sees a loss before the peer comes back.
     */
    void admit(int peer, Channel channel) {
        transport.links().customize(group.member(self), group.member(peer), channel.pipeline());
        if (rateLimit != null) {
            channel.pipeline().addFirst(rateLimit);
        }
        channel.config().setAutoRead(!readingPaused);
        Channel previous = channels[peer];
        channels[peer] = channel;
        dialler.connected(peer);
        if (previous != null) {
            previous.close();
            listener.onLinkDown(peer);
        }
        listener.onLinkUp(peer);
        checkAllConnected();
    }

    /** The handler that watches the admitted connection to {@code peer} for idleness. */
    PeerIdleHandler idleDetection(int peer) {
        return new PeerIdleHandler(this, peer, failureTimeout);
    }

    /**
     * Nothing arrived on {@code channel} from an admitted peer for the failure timeout: the running
     * operation declares it dead, then the connection closes (and is redialled as after a loss).
     */
    void silent(int peer, Channel channel) {
        if (!closed && channels[peer] == channel) {
            LOG.warn("{}: closing connection with member {}: nothing received for {} ms", selfId(), memberId(peer),
                    failureTimeout.toMillis());
            listener.onLinkSilent(peer);
        }
        channel.close();
    }

    /** An admitted connection closed; the lower index redials it for up to the failure timeout. */
    void dropped(int peer, Channel channel) {
        if (closed || channels[peer] != channel) {
            return;
        }
        channels[peer] = null;
        dialler.lost(peer);
        listener.onLinkDown(peer);
        redial(peer);
    }

    /**
     * Dials a disconnected neighbour again, if this node is the one that dials it, for up to the
     * failure timeout from now: after a loss, and when an operation starts without it.
     */
    void redial(int peer) {
        if (peer > self && !closed && missing(peer)) {
            dialler.dial(peer, System.nanoTime() + failureTimeout.toNanos());
        }
    }

    /**
     * {@code peer} is gone for good, as the application knows: it is no longer dialled and no longer
     * waited for before the first operation (a connection it still has stays until it closes).
     */
    void exclude(int peer) {
        excluded.set(peer);
        checkAllConnected();
    }

    /** Neither connected nor excluded. */
    private boolean missing(int peer) {
        return channels[peer] == null && !excluded.get(peer);
    }

    /** Complete once every neighbour is connected or excluded. */
    private void checkAllConnected() {
        if (!allConnected.isDone() && neighbours.stream().noneMatch(this::missing)) {
            allConnected.complete(null);
        }
    }

    private void connectDeadline() {
        if (allConnected.isDone()) {
            return;
        }
        List<String> missing = new ArrayList<>();
        for (int n : neighbours) {
            if (missing(n)) {
                Member m = group.member(n);
                String why = dialler.lastFailure(n);
                missing.add(m.id() + " at " + hostPort(m.address()) + (why != null ? " (" + why + ")" : ""));
            }
        }
        allConnected.completeExceptionally(new RobberException("member " + selfId() + " could not connect to "
                + String.join(", ", missing) + " within " + connectTimeout.toSeconds()
                + " s; check that those members are running and reachable"));
    }

    CompletableFuture<Void> allConnected() {
        return allConnected;
    }

    /** Stops and restarts reading on every admitted connection, for the {@link PieceBudget}. */
    PieceBudget.Reading reading() {
        return new PieceBudget.Reading() {
            @Override
            public void pause() {
                setReading(false);
            }

            @Override
            public void resume() {
                setReading(true);
            }
        };
    }

    private void setReading(boolean on) {
        readingPaused = !on;
        for (Channel ch : channels) {
            if (ch != null) {
                ch.config().setAutoRead(on);
            }
        }
    }

    /** The live channel to a peer, or null. */
    Channel channel(int peer) {
        return channels[peer];
    }

    LinkListener listener() {
        return listener;
    }

    /** How long a new connection may take to be admitted. */
    Duration handshakeTimeout() {
        return transport.handshakeTimeout();
    }

    String selfId() {
        return group.member(self).id();
    }

    String memberId(int member) {
        return group.member(member).id();
    }

    /**
     * Closes every connection after pending writes are flushed ({@link HalfClose}: the peer reads this
     * member's last messages, such as that it leaves), then the listening socket.
     */
    void close() {
        closed = true;
        int open = 0;
        for (Channel ch : channels) {
            if (ch != null) {
                HalfClose.close(ch, CLOSE_GRACE);
                open++;
            }
        }
        Arrays.fill(channels, null);
        if (server != null) {
            server.close();
        }
        if (rateLimit != null) {
            rateLimit.release();
        }
        if (!allConnected.isDone()) {
            allConnected.completeExceptionally(new RobberException("channel of member " + selfId() + " closed"));
        }
        LOG.debug("{}: closing {} connections", selfId(), open);
    }

    private static String hostPort(InetSocketAddress a) {
        return a.getHostString() + ":" + a.getPort();
    }
}
