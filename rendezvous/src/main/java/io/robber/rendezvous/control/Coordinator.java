package io.robber.rendezvous.control;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.ScheduledFuture;
import io.robber.rendezvous.Addresses;
import io.robber.rendezvous.ConfigurationException;
import io.robber.rendezvous.Secret;
import io.robber.rendezvous.TransferFailedException;
import io.robber.rendezvous.TransferListener;
import io.robber.rendezvous.Units;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The coordinator side of the control protocol, run by the sender: accepts receivers until the
 * expected number has registered, hands every one the same {@link ControlMessage.Start}, then
 * follows their progress and outcome until it sends {@link ControlMessage.Finish}.
 *
 * <p>One Netty event loop serves the listening socket and every connection ({@link ReceiverConnection});
 * the coordinator's state lives on that loop. Callers block only here, on {@link CompletableFuture}s
 * the loop completes ({@link #awaitRegistrations}, {@link #awaitOutcomes}).
 */
public final class Coordinator implements AutoCloseable {
    /** How long a new connection may take to greet and register. */
    static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);
    /** A registered receiver that sends nothing for this long is taken as lost (it sends progress every 0.5 s). */
    static final Duration SILENCE_TIMEOUT = Duration.ofSeconds(30);
    /** Connections that are still greeting, at most. */
    static final int MAX_PENDING = 64;
    /** How long {@link #close()} waits for receivers to hang up after the last frame. */
    private static final Duration HANG_UP = Duration.ofSeconds(2);

    /** What {@link #admit} decided: a session, or a refusal and its reason. */
    record Admitted(ReceiverSession session, int count, Refusal refusal, String reason) {
    }

    private final EventLoopGroup group;
    private final EventLoop loop;
    private final String mode;
    private final ControlMessage.Offer offer;
    private final int expected;
    private final Admission admission;
    private final TransferListener events;
    private final Map<String, ReceiverSession> sessions = new LinkedHashMap<>();
    private final CompletableFuture<List<Registration>> registrations = new CompletableFuture<>();
    private final CompletableFuture<Void> outcomes = new CompletableFuture<>();
    private Channel server;
    private ScheduledFuture<?> ticker;
    private int pending;
    private boolean started;
    private boolean closed;

    private Coordinator(EventLoopGroup group, String mode, ControlMessage.Offer offer, int expected,
                        Admission admission, TransferListener events) {
        this.group = group;
        this.loop = group.next();
        this.mode = mode;
        this.offer = offer;
        this.expected = expected;
        this.admission = admission;
        this.events = events;
    }

    /**
     * Listens on {@code address} and starts accepting receivers.
     *
     * @param secret  null: anyone may join
     * @param mode    {@code rendezvous} or {@code static}
     * @param events  told about registrations, refusals and lost receivers
     * @throws ConfigurationException when the address is in use or not local
     */
    public static Coordinator listen(InetSocketAddress address, Secret secret, String mode, ControlMessage.Offer offer,
                                     int expected, Admission admission, TransferListener events, int version) {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("robber-control", true),
                NioIoHandler.newFactory());
        Coordinator c = new Coordinator(group, mode, offer, expected, admission, events);
        ChannelFuture bound = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 128)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline()
                                .addLast(ReceiverConnection.IDLE, new IdleStateHandler(HANDSHAKE_TIMEOUT.toMillis(), 0, 0,
                                        TimeUnit.MILLISECONDS))
                                .addLast(new ControlFrameDecoder(secret != null))
                                .addLast(new ReceiverConnection(c, secret, version));
                    }
                })
                .bind(address)
                .awaitUninterruptibly();
        if (!bound.isSuccess()) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            Throwable e = bound.cause();
            if (e instanceof BindException) {
                throw new ConfigurationException("cannot listen on " + Addresses.format(address) + " ("
                        + e.getMessage() + "): the port is in use or the address is not on this machine; pick another "
                        + "--listen address or port, or stop the process that holds it");
            }
            throw new ConfigurationException("cannot listen on " + Addresses.format(address) + ": "
                    + ControlSupport.describe(e));
        }
        c.server = bound.channel();
        c.ticker = c.loop.scheduleAtFixedRate(c::tick, 1, 1, TimeUnit.SECONDS);
        return c;
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) server.localAddress();
    }

    TransferListener events() {
        return events;
    }

    String mode() {
        return mode;
    }

    ControlMessage.Offer offer() {
        return offer;
    }

    int expected() {
        return expected;
    }

    /** A connection opens; false when too many are still greeting. */
    boolean handshakeStarted() {
        if (pending >= MAX_PENDING) {
            return false;
        }
        pending++;
        return true;
    }

    void handshakeEnded() {
        pending--;
    }

    /** Admits a receiver whose registration is authentic and well-formed, or says why not. */
    Admitted admit(ControlMessage.Register register, Registration registration, ReceiverConnection connection) {
        if (started || closed) {
            return new Admitted(null, 0, Refusal.FULL, "the transfer has already started; start this receiver "
                    + "before the next 'robber send'");
        }
        if (sessions.size() >= expected) {
            return new Admitted(null, 0, Refusal.FULL, "all " + expected + " expected receivers have registered: "
                    + "raise --expect on the sender or stop this receiver");
        }
        Optional<String> conflict = admission.conflict(register, registrations());
        if (conflict.isPresent()) {
            return new Admitted(null, 0, Refusal.CONFLICT, conflict.get());
        }
        ReceiverSession session = new ReceiverSession(connection, registration);
        sessions.put(registration.id(), session);
        return new Admitted(session, sessions.size(), null, null);
    }

    /** After the accepted frame went out: tells the operator, and the waiter once everyone is there. */
    void accepted(Registration registration, int count) {
        events.info("receiver " + registration.id() + " (cluster " + registration.cluster() + ", data "
                + registration.dataAddress() + ") registered: " + count + " of " + expected);
        if (sessions.size() >= expected) {
            registrations.complete(registrations());
        }
    }

    private List<Registration> registrations() {
        return sessions.values().stream().map(ReceiverSession::registration).toList();
    }

    /**
     * A receiver declined the offer before registering: before the start, the wait for receivers ends
     * with its reason rather than at {@code --wait}.
     */
    void declined(String who, String reason) {
        events.warn("receiver " + who + " declined the transfer: " + reason);
        if (!started && !closed) {
            registrations.completeExceptionally(new TransferFailedException("receiver " + who + " declined the "
                    + "transfer: " + reason, null));
        }
    }

    /** A receiver reported its outcome. */
    void resolved() {
        if (started && sessions.values().stream().allMatch(ReceiverSession::resolved)) {
            outcomes.complete(null);
        }
    }

    /** A registered receiver's connection ended. */
    void lost(ReceiverSession session, String why) {
        if (closed) {
            return;
        }
        if (!started) {
            if (sessions.remove(session.registration().id(), session)) {
                events.info("receiver " + session.registration().id() + " left before the transfer started (" + why
                        + "): " + sessions.size() + " of " + expected + " registered");
            }
        } else if (!session.resolved()) {
            session.lost(why);
            events.warn("lost receiver " + session.registration().id() + ": " + why);
            resolved();
        }
    }

    private void tick() {
        if (started || closed) {
            return;
        }
        ControlMessage.Waiting w = new ControlMessage.Waiting(sessions.size(), expected);
        sessions.values().forEach(s -> s.connection.send(w));
    }

    /** The number of receivers registered so far. */
    public int registered() {
        return onLoop(sessions::size);
    }

    /**
     * Blocks until {@code expected} receivers have registered.
     *
     * @throws TransferFailedException after {@code wait}, naming who did register, or at once when a
     *                                 receiver declined
     */
    public List<Registration> awaitRegistrations(Duration wait) throws InterruptedException {
        try {
            return registrations.get(wait.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            List<String> ids = onLoop(() -> List.copyOf(sessions.keySet()));
            String registered = ids.isEmpty() ? "none" : String.join(", ", ids);
            throw new TransferFailedException("only " + ids.size() + " of " + expected + " receivers registered within "
                    + Units.duration(wait) + " (registered: " + registered + "): start the missing receivers with "
                    + "--coordinator " + Addresses.format(address()) + ", lower --expect or raise --wait", null);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof TransferFailedException declined) {
                throw new TransferFailedException(declined.getMessage(), null);
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Sends the same start frame to every registered receiver; later connections are refused. */
    public void start(ControlMessage.Start start) {
        start(List.of(), start);
    }

    /** Like {@link #start(ControlMessage.Start)}, with the manifest's {@code parts} ahead of the start frame. */
    public void start(List<ControlMessage.ManifestPart> parts, ControlMessage.Start start) {
        onLoop(() -> {
            started = true;
            for (ReceiverSession s : sessions.values()) {
                parts.forEach(s.connection::send);
                s.connection.send(start).addListener(f -> {
                    if (!f.isSuccess()) {
                        lost(s, ControlSupport.describe(f.cause()));
                    }
                });
            }
            resolved();
            return null;
        });
    }

    /** Every receiver's session, in registration order. */
    public List<ReceiverSession> sessions() {
        return onLoop(() -> new ArrayList<>(sessions.values()));
    }

    /**
     * Waits until every receiver has reported its outcome or was lost.
     *
     * @return false when the time ran out first
     */
    public boolean awaitOutcomes(Duration timeout) throws InterruptedException {
        try {
            outcomes.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Tells every connected receiver how the transfer ended. */
    public void finish(ControlMessage.Finish finish) {
        broadcast(finish);
    }

    /** Tells every connected receiver that the transfer will not happen or goes no further. */
    public void abort(String reason) {
        broadcast(new ControlMessage.Abort(reason));
    }

    private void broadcast(ControlMessage message) {
        onLoop(() -> {
            sessions.values().stream().filter(s -> s.lost() == null).forEach(s -> s.connection.send(message));
            return null;
        });
    }

    /**
     * Stops accepting, then ends every connection gracefully: this side's output first, once the frames
     * already sent (the finish) are out, then waits up to two seconds for receivers to hang up before
     * closing what is left.
     */
    @Override
    public void close() {
        List<ReceiverSession> all = onLoop(() -> {
            closed = true;
            ticker.cancel(false);
            server.close();
            sessions.values().forEach(s -> s.connection.shutdownOutput());
            return new ArrayList<>(sessions.values());
        });
        long deadline = System.nanoTime() + HANG_UP.toNanos();
        for (ReceiverSession s : all) {
            s.connection.closeFuture().awaitUninterruptibly(Math.max(0, deadline - System.nanoTime()),
                    TimeUnit.NANOSECONDS);
        }
        all.forEach(s -> s.connection.close());
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    /** Runs {@code task} on the coordinator's event loop and waits for its result. */
    private <T> T onLoop(Callable<T> task) {
        if (loop.inEventLoop()) {
            try {
                return task.call();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        return loop.submit(task).syncUninterruptibly().getNow();
    }
}
