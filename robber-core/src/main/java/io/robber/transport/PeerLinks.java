package io.robber.transport;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.DuplexChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.timeout.IdleStateHandler;
import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.Member;
import io.robber.api.RobberException;
import io.robber.api.Sessions;
import io.robber.security.SecretProof;
import io.robber.wire.Auth;
import io.robber.wire.Handshake;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connections of one node to its neighbours in the peer graph: one TCP connection per pair,
 * dialled by the member with the lower index and accepted by the other. A peer is admitted once its
 * handshake passed every check and it proved it knows the group's secret ({@link SecretProof}).
 * Dials are retried with backoff ({@link TransportOptions.Dialling}) until every neighbour is
 * connected or the connect timeout expires; a connection lost later is redialled the same way for up
 * to the failure timeout, after which the running operation declares that member dead.
 *
 * <p>An admitted connection is watched for idleness ({@link #idleDetection()}): a node that has written
 * nothing on it for a third of the failure timeout sends a {@link io.robber.wire.KeepAlive}, so a
 * connection on which nothing at all arrives for the failure timeout belongs to a frozen peer (e.g.
 * a stopped process, whose sockets stay open); that peer is declared dead and the connection closed.
 */
final class PeerLinks {
    /** Socket reads adapt between these sizes; they grow to a default piece, so a piece takes few reads. */
    private static final int MIN_READ = 512;
    private static final int INITIAL_READ = 64 << 10;
    private static final int MAX_READ = Manifest.DEFAULT_PIECE_SIZE;
    private static final Logger LOG = LoggerFactory.getLogger(PeerLinks.class);
    /** Keep-alives a quiet node sends per failure timeout, so that a late one or two do not matter. */
    private static final int KEEP_ALIVES_PER_TIMEOUT = 3;
    /** How long a half-closed connection waits for the peer to close its side before it is closed anyway. */
    private static final Duration CLOSE_GRACE = Duration.ofSeconds(2);

    private final Group group;
    private final int self;
    private final List<Integer> neighbours;
    private final EventLoop loop;
    private final String protocol;
    private final long session;
    private final SecretProof proof;
    private final LinkListener listener;
    private final Duration connectTimeout;
    private final Duration failureTimeout;
    private final TransportOptions transport;
    /** Admitted connections by peer index; null where none. An array: every send looks one up. */
    private final Channel[] channels;
    /** Reading is stopped on every connection: too many received pieces wait for storage. */
    private boolean readingPaused;
    private final Map<Integer, String> lastDialFailure = new HashMap<>();
    /** When to stop redialling each neighbour this node dials. */
    private final Map<Integer, Long> dialDeadline = new HashMap<>();
    private final Map<Integer, Long> retryMillis = new HashMap<>();
    /** Neighbours with a dial, or its retry, under way. */
    private final Set<Integer> dialling = new HashSet<>();
    private final CompletableFuture<Void> allConnected = new CompletableFuture<>();
    /** Neighbours declared gone from outside ({@link #exclude}): not dialled, not waited for. */
    private final BitSet excluded = new BitSet();
    private Channel server;
    private boolean closed;

    PeerLinks(ChannelConfig config, TransportOptions transport, int self, List<Integer> neighbours, EventLoop loop,
              String protocol, LinkListener listener) {
        this.group = config.group();
        this.self = self;
        this.neighbours = neighbours;
        this.loop = loop;
        this.protocol = protocol;
        this.session = Sessions.id(group, protocol);
        this.proof = new SecretProof(config.secret(), session);
        this.listener = listener;
        this.connectTimeout = config.connectTimeout();
        this.failureTimeout = config.failureTimeout();
        this.transport = transport;
        this.channels = new Channel[group.size()];
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
                    dialDeadline.put(n, deadline);
                    dialling.add(n);
                    dial(n);
                }
            }
            checkAllConnected();
            loop.schedule(this::connectDeadline, connectTimeout.toNanos(), TimeUnit.NANOSECONDS);
        });
    }

    private ChannelInitializer<SocketChannel> initializer(int dialled) {
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                ch.config().setWriteBufferWaterMark(transport.writeBuffer());
                ch.config().setTcpNoDelay(true);
                ch.config().setRecvByteBufAllocator(new AdaptiveRecvByteBufAllocator(MIN_READ, INITIAL_READ, MAX_READ));
                FrameDecoder decoder = new FrameDecoder();
                ch.pipeline().addLast(new FlushConsolidationHandler(transport.flushLimit(), true), decoder,
                        new PeerConnection(PeerLinks.this, decoder, dialled));
                transport.runtime().track(ch);
            }
        };
    }

    private void dial(int peer) {
        if (closed || channels[peer] != null || excluded.get(peer)) {
            return;
        }
        new Bootstrap().group(loop).channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, millis(transport.dialling().attemptTimeout()))
                .handler(initializer(peer))
                .connect(group.member(peer).address())
                .addListener((ChannelFuture f) -> {
                    if (!f.isSuccess()) {
                        dialFailed(peer, String.valueOf(f.cause().getMessage()));
                    }
                });
    }

    /** A dial that failed to connect, or connected but failed before the peer was admitted. */
    void dialFailed(int peer, String reason) {
        lastDialFailure.put(peer, reason);
        if (closed || channels[peer] != null || excluded.get(peer)
                || System.nanoTime() > dialDeadline.getOrDefault(peer, 0L)) {
            dialling.remove(peer);
            return;
        }
        long delay = retryMillis.merge(peer, transport.dialling().firstRetry().toMillis(),
                (old, first) -> Math.min(transport.dialling().maxRetry().toMillis(), old * 2));
        loop.schedule(() -> dial(peer), delay, TimeUnit.MILLISECONDS);
    }

    /** This node's handshake for a new connection, with that connection's fresh nonce. */
    Handshake handshake(byte[] nonce) {
        return new Handshake(Handshake.VERSION, protocol, session, self, nonce);
    }

    static byte[] newNonce() {
        return SecretProof.nonce(Handshake.NONCE_LENGTH);
    }

    /**
     * Checks the peer's handshake, received on a connection this node dialled to {@code dialled} (or
     * accepted, -1), and returns the peer's member index; throws {@link HandshakeException} otherwise.
     */
    int check(Handshake h, int dialled) {
        if (h.version() != Handshake.VERSION) {
            throw new HandshakeException("version mismatch: the peer speaks wire version " + h.version()
                    + ", this node " + Handshake.VERSION + "; run the same Robber version everywhere");
        }
        if (!h.protocol().equals(protocol)) {
            throw new HandshakeException("the peer runs protocol '" + h.protocol() + "', this node '" + protocol + "'");
        }
        if (h.session() != session) {
            throw new HandshakeException("the peer belongs to another group (session "
                    + Long.toHexString(h.session()) + ", ours " + Long.toHexString(session) + ")");
        }
        int peer = h.member();
        if (peer >= group.size() || !neighbours.contains(peer)) {
            throw new HandshakeException("member index " + peer + " is not a neighbour of " + selfId());
        }
        if (dialled >= 0 ? peer != dialled : peer > self) {
            throw new HandshakeException("member " + memberId(peer) + " answered on the wrong connection");
        }
        return peer;
    }

    /** Our proof of the secret for {@code peer}, which challenged us with {@code peerNonce}. */
    Auth prove(byte[] peerNonce, int peer) {
        return new Auth(proof.prove(peerNonce, self, peer));
    }

    /** True when {@code peer}'s proof answers the nonce we sent it. */
    boolean verify(Auth auth, byte[] ownNonce, int peer) {
        return proof.verify(auth.proof(), ownNonce, peer, self);
    }

    /**
     * Admits an authenticated peer on {@code channel}. A connection it replaces counts as lost first,
     * so the operation always sees a loss before the peer comes back.
     */
    void admit(int peer, Channel channel) {
        transport.links().customize(group.member(self), group.member(peer), channel.pipeline());
        channel.config().setAutoRead(!readingPaused);
        Channel previous = channels[peer];
        channels[peer] = channel;
        retryMillis.remove(peer);
        dialling.remove(peer);
        if (previous != null) {
            previous.close();
            listener.onLinkDown(peer);
        }
        listener.onLinkUp(peer);
        checkAllConnected();
    }

    /**
     * The handler that watches an admitted connection: a reader-idle event after the failure timeout
     * without a byte from the peer, a writer-idle event (answered with a keep-alive) after a third of
     * it without a write of our own.
     */
    IdleStateHandler idleDetection() {
        long timeout = failureTimeout.toNanos();
        return new IdleStateHandler(timeout, timeout / KEEP_ALIVES_PER_TIMEOUT, 0, TimeUnit.NANOSECONDS);
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
        lastDialFailure.put(peer, "connection lost");
        listener.onLinkDown(peer);
        redial(peer);
    }

    /**
     * Dials a disconnected neighbour again, if this node is the one that dials it, for up to the
     * failure timeout from now: after a loss, and when an operation starts without it.
     */
    void redial(int peer) {
        if (peer < self || closed || channels[peer] != null || excluded.get(peer)) {
            return;
        }
        dialDeadline.put(peer, System.nanoTime() + failureTimeout.toNanos());
        if (dialling.add(peer)) {
            dial(peer);
        }
    }

    /**
     * {@code peer} is gone for good, as the application knows: it is no longer dialled and no longer
     * waited for before the first operation (a connection it still has stays until it closes).
     */
    void exclude(int peer) {
        excluded.set(peer);
        dialling.remove(peer);
        checkAllConnected();
    }

    /** Complete once every neighbour is connected or excluded. */
    private void checkAllConnected() {
        if (allConnected.isDone()) {
            return;
        }
        for (int n : neighbours) {
            if (channels[n] == null && !excluded.get(n)) {
                return;
            }
        }
        allConnected.complete(null);
    }

    private void connectDeadline() {
        if (allConnected.isDone()) {
            return;
        }
        List<String> missing = new ArrayList<>();
        for (int n : neighbours) {
            if (channels[n] == null && !excluded.get(n)) {
                Member m = group.member(n);
                String why = lastDialFailure.get(n);
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
     * Closes every connection after pending writes are flushed, then the listening socket. A
     * connection is half-closed first and closed once the peer has read everything and closed its
     * side (or after {@link #CLOSE_GRACE}): closed at once with bytes from the peer still unread, the
     * kernel would reset it, and the peer would lose the last messages written to it, such as this
     * member telling that it leaves.
     */
    void close() {
        closed = true;
        List<ChannelFuture> closing = new ArrayList<>();
        for (Channel ch : channels) {
            if (ch == null) {
                continue;
            }
            ch.writeAndFlush(io.netty.buffer.Unpooled.EMPTY_BUFFER).addListener(written -> halfClose(ch));
            closing.add(ch.closeFuture());
        }
        Arrays.fill(channels, null);
        if (server != null) {
            closing.add(server.close());
        }
        if (!allConnected.isDone()) {
            allConnected.completeExceptionally(new RobberException("channel of member " + selfId() + " closed"));
        }
        LOG.debug("{}: closing {} connections", selfId(), closing.size());
    }

    private static void halfClose(Channel ch) {
        if (ch instanceof DuplexChannel duplex && duplex.isActive()) {
            duplex.shutdownOutput();
            ch.eventLoop().schedule(() -> ch.close(), CLOSE_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } else {
            ch.close();
        }
    }

    private static int millis(Duration d) {
        return (int) Math.min(Integer.MAX_VALUE, d.toMillis());
    }

    private static String hostPort(InetSocketAddress a) {
        return a.getHostString() + ":" + a.getPort();
    }
}
