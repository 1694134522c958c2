package io.robber.rendezvous.control;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.ScheduledFuture;
import io.robber.rendezvous.ConfigurationException;
import io.robber.rendezvous.Trust;
import io.robber.rendezvous.TransferFailedException;
import io.robber.rendezvous.TransferListener;
import io.robber.rendezvous.Units;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;

/**
 * The coordinator side of the control protocol, run by the sender: accepts receivers until the
 * expected number has registered, hands every one the same {@link ControlMessage.Start}, then
 * follows their progress and outcome until it sends {@link ControlMessage.Finish}.
 *
 * <p>Membership before the start: a receiver that leaves frees its place, and the coordinator waits
 * for the expected number again (a replacement may take it). The group is fixed only when the sender
 * is ready to start ({@link #awaitRegistrations(StartPolicy, CompletableFuture)}), in one step on the loop,
 * so the start frame names exactly the receivers that hold a place. A receiver that is lost or fails
 * after that is a departure: the sender's data channel and every other receiver are told at once
 * ({@link ControlMessage.Departed}), so nobody waits for it on the data channel.
 *
 * <p>A {@link StartPolicy} may start the transfer without every expected receiver. Those that register
 * later are {@link LateJoiners}: each {@link #lateWave wave} of them gets a start frame of its own, for
 * a data channel the root opens for it; departures are told within a {@link Wave}.
 *
 * <p>Until the group is fixed, newcomers go through the {@link Reception}; a registered receiver that
 * falls silent is given up on by its {@link SilenceWatch}. One Netty event loop serves the listening
 * socket and every connection ({@link ReceiverConnection}); the coordinator's state lives on that loop.
 * Callers block only here, on {@link CompletableFuture}s the loop completes ({@link #awaitRegistrations},
 * {@link #awaitOutcomes}).
 */
public final class Coordinator implements AutoCloseable {
    /** How long a new connection may take to greet and register, all of it (not per read). */
    static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);
    /** How long {@link #close()} waits for receivers to hang up after the last frame. */
    private static final Duration HANG_UP = Duration.ofSeconds(2);

    private final EventLoopGroup group;
    private final EventLoop loop;
    private final String mode;
    private final ControlMessage.Offer offer;
    private final Roster roster;
    private final TransferListener events;
    private final Reception reception;
    private final LateJoiners late;
    /** How long a registered receiver may send nothing before it is taken as lost ({@link SilenceWatch}). */
    private final Duration silence;
    private final CompletableFuture<Void> outcomes = new CompletableFuture<>();
    private Channel server;
    private ScheduledFuture<?> ticker;
    private boolean started;
    private boolean closed;
    /** The group fixed at the start; null before. */
    private Wave main;

    /**
     * A coordinator whose state lives on {@code group}'s next loop, listening nowhere until {@link #listen}
     * binds it (package-private: a test hands it connections of its own, on an embedded loop).
     */
    Coordinator(EventLoopGroup group, String mode, ControlMessage.Offer offer, int expected,
                Admission admission, TransferListener events, Duration silence) {
        this.group = group;
        this.silence = silence;
        this.loop = group.next();
        this.mode = mode;
        this.offer = offer;
        this.roster = new Roster(expected, admission);
        this.events = events;
        this.reception = new Reception(roster, events, () -> !started && !closed);
        this.late = new LateJoiners(roster, events);
    }

    /**
     * Listens on {@code address} and starts accepting receivers.
     *
     * @param trust   how receivers prove they belong: {@link Trust#NONE} lets anyone join
     * @param mode    {@code rendezvous} or {@code static}
     * @param events  told about registrations, refusals and lost receivers
     * @param silence how long a registered receiver may send nothing before it is taken as lost
     * @throws ConfigurationException when the address is in use or not local
     */
    public static Coordinator listen(InetSocketAddress address, Trust trust, String mode, ControlMessage.Offer offer,
                                     int expected, Admission admission, TransferListener events, int version,
                                     Duration silence) {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("robber-control", true),
                NioIoHandler.newFactory());
        Coordinator c = new Coordinator(group, mode, offer, expected, admission, events, silence);
        c.server = ControlServer.bind(group, address, new ReceiverChannelInitializer(c, trust, version));
        c.ticker = c.loop.scheduleAtFixedRate(c.reception::tick, 1, 1, TimeUnit.SECONDS);
        return c;
    }

    /** The handler of a new receiver's control connection, behind its {@link ControlFrameDecoder}. */
    ReceiverConnection receiverConnection(Trust trust, int version) {
        return new ReceiverConnection(this, reception, trust, version);
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

    public int expected() {
        return roster.expected();
    }

    Duration silence() {
        return silence;
    }

    /** The start frame went out (or the group is fixed) and the coordinator is not closed. */
    boolean running() {
        return started && !closed;
    }

    /** A receiver reported its outcome: once all have (late joiners included), the transfer ends for newcomers. */
    void resolved() {
        if (started && roster.sessions().stream().allMatch(ReceiverSession::resolved)) {
            late.close();
            outcomes.complete(null);
        }
    }

    /**
     * Admits a registration: before the group is fixed through the {@link Reception}; once it is, a
     * receiver of the transfer that is away and comes back ({@link Roster#rejoin}), a receiver given up
     * on that comes back ({@link LateJoiners#readmit}), or a late joiner while places are free
     * ({@link LateJoiners}).
     */
    Roster.Admitted admit(ControlMessage.Register register, Registration registration,
            ReceiverConnection connection) {
        if (!running()) {
            return reception.admit(register, registration, connection);
        }
        ReceiverSession known = roster.session(registration.id());
        if (known == null) {
            return late.admit(register, registration, connection);
        }
        return known.lost() != null && known.done() == null ? late.readmit(known, register, registration, connection)
                : roster.rejoin(known, registration, connection);
    }

    /** After the accepted frame went out: a receiver that rejoined gets its wave's start frame, if it went out already. */
    void accepted(ReceiverSession session, Roster.Admitted admitted) {
        if (admitted.rejoined()) {
            events.info("receiver " + session.registration().id() + " rejoined the transfer (restarted, it resumes, or "
                    + "on a new control connection)");
            session.wave.rejoined(session, this::lost);
        } else if (started) {
            late.accepted(session.registration(), admitted.count());
        } else {
            reception.accepted(session.registration(), admitted.count());
        }
    }

    /**
     * A registered receiver's connection closed. Before the start, its place is free again. After it,
     * the receiver is away: it may rejoin (restarted on its partial copy) within the silence timeout,
     * which the data channel also waits for a lost peer; after that it is lost, a departure.
     */
    void disconnected(ReceiverSession session, ReceiverConnection connection, String why) {
        if (closed || session.connection != connection) {
            return;
        }
        if (!started) {
            reception.left(session, why);
            return;
        }
        if (session.resolved() || late.left(session, why)) {
            return;
        }
        session.away(why);
        events.warn("receiver " + session.registration().id() + " disconnected (" + why + "); waiting up to "
                + Units.duration(silence) + " for it to rejoin (restarted with the same --id and --out, it resumes)");
        loop.schedule(() -> {
            if (session.away() != null && session.connection == connection) {
                lost(session, connection, why + "; it did not rejoin within " + Units.duration(silence));
            }
        }, silence.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** A registered receiver's connection failed or ended for good: before the start it leaves, after it departs. */
    void lost(ReceiverSession session, ReceiverConnection connection, String why) {
        if (closed || session.connection != connection) {
            return;
        }
        if (!started) {
            reception.left(session, why);
        } else if (!session.resolved() && !late.left(session, why)) {
            session.lost(why);
            events.warn("lost receiver " + session.registration().id() + ": " + why);
            session.wave.departed(session, why);
            resolved();
        }
    }

    /** A receiver reported that it failed: it takes no further part, as if lost. */
    void failed(ReceiverSession session, String why) {
        if (running() && session.wave != null) {
            session.wave.departed(session, why);
        }
    }

    /** The number of receivers registered so far. */
    public int registered() {
        return onLoop(roster::size);
    }

    /** Like {@link #awaitRegistrations(StartPolicy, CompletableFuture)}, for everyone, for a sender that is ready now. */
    public List<Registration> awaitRegistrations(Duration wait) throws InterruptedException {
        return awaitRegistrations(StartPolicy.everyone(wait), CompletableFuture.completedFuture(null));
    }

    /**
     * Blocks until the {@code policy} lets the transfer start (every expected receiver has registered,
     * or enough have once its start time has passed) and {@code ready} (the sender's own preparation,
     * e.g. reading the data set) has completed, then fixes them as the group. A receiver that leaves in
     * between frees its place and the wait goes on. After that, only late joiners take the places still
     * free ({@link #lateWave}); when there are none, registrations are refused.
     *
     * @return the group's receivers, in registration order
     * @throws TransferFailedException after the policy's wait, naming who did register, or at once when
     *                                 a receiver declined
     */
    public List<Registration> awaitRegistrations(StartPolicy policy, CompletableFuture<?> ready)
            throws InterruptedException {
        return new StartWait(this, roster, policy).await(ready);
    }

    /** Fixes the receivers registered now as the group that starts the transfer. */
    void fix() {
        if (!started) {
            started = true;
            main = new Wave(new ArrayList<>(roster.sessions()));
        }
    }

    /**
     * Sends the same start frame to every receiver of the group, then tells them of any that departed
     * since it was fixed. {@code departureSink} hears of every departure (id, why), those before the call
     * included, on the coordinator's loop.
     */
    public void start(ControlMessage.Start start, BiConsumer<String, String> departureSink) {
        start(List.of(), start, departureSink);
    }

    /**
     * Like {@link #start(ControlMessage.Start, BiConsumer)}, with the manifest's {@code parts} ahead of
     * the start frame.
     */
    public void start(List<ControlMessage.ManifestPart> parts, ControlMessage.Start start,
            BiConsumer<String, String> departureSink) {
        onLoop(() -> {
            fix();
            return null;
        });
        start(main, parts, start, departureSink);
    }

    /**
     * The next wave of late joiners, once the first of them has waited {@code batch} (or every expected
     * receiver is there); empty before. The root serves it on a data channel of its own, started with
     * {@link #start(Wave, List, ControlMessage.Start, BiConsumer)}; until then, its receivers wait.
     */
    public Optional<Wave> lateWave(Duration batch) {
        return onLoop(() -> Optional.ofNullable(running() ? late.form(batch) : null));
    }

    /**
     * Sends {@code wave}'s start frame, after the manifest's {@code parts}, to each of its receivers, then
     * tells them of any that departed since the wave was fixed; {@code departureSink} hears of every departure
     * of the wave (id, why), those before the call included, on the coordinator's loop.
     */
    public void start(Wave wave, List<ControlMessage.ManifestPart> parts, ControlMessage.Start start,
            BiConsumer<String, String> departureSink) {
        onLoop(() -> {
            wave.start(new StartFrame(parts, start), departureSink, this::lost);
            resolved();
            return null;
        });
    }

    /** Every receiver's session, in registration order. */
    public List<ReceiverSession> sessions() {
        return onLoop(() -> new ArrayList<>(roster.sessions()));
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

    /**
     * Tells {@code wave}'s receivers that their part of the transfer will not happen (the root could not
     * serve them): each counts as lost for {@code reason}.
     */
    public void abort(Wave wave, String reason) {
        onLoop(() -> {
            wave.abort(reason);
            resolved();
            return null;
        });
    }

    /** Tells every connected receiver that the transfer will not happen or goes no further. */
    public void abort(String reason) {
        broadcast(new ControlMessage.Abort(reason));
    }

    private void broadcast(ControlMessage message) {
        onLoop(() -> {
            roster.sessions().stream().filter(ReceiverSession::connected).forEach(s -> s.connection.send(message));
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
            roster.sessions().forEach(s -> s.connection.shutdownOutput());
            return new ArrayList<>(roster.sessions());
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
    <T> T onLoop(Callable<T> task) {
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
