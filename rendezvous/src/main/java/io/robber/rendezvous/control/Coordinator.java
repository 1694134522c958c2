package io.robber.rendezvous.control;

import io.robber.cli.CliFailure;
import io.robber.cli.VersionProvider;
import io.robber.cli.convert.DurationConverter;
import java.io.EOFException;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The coordinator side of the control protocol, run by the sender: accepts receivers until the
 * expected number has registered, hands every one the same {@link ControlMessage.Start}, then
 * follows their progress and outcome until it sends {@link ControlMessage.Finish}.
 *
 * <p>Each connection has its own daemon thread with blocking I/O; state changes happen under this
 * object's lock, and waiters are woken with {@code notifyAll}.
 */
public final class Coordinator implements AutoCloseable {
    /** How long a new connection may take to greet and register. */
    static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);
    /** A registered receiver that sends nothing for this long is taken as lost (it sends progress every 0.5 s). */
    static final Duration SILENCE_TIMEOUT = Duration.ofSeconds(30);
    /** Connections that are still greeting, at most. */
    static final int MAX_PENDING = 64;

    private final ServerSocket server;
    private final Secret secret;
    private final String mode;
    private final ControlMessage.Offer offer;
    private final int expected;
    private final Admission admission;
    private final CoordinatorEvents events;
    private final int version;
    private final Map<String, ReceiverSession> sessions = new LinkedHashMap<>();
    private final AtomicInteger pending = new AtomicInteger();
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(ControlSupport.daemon("robber-control-tick"));
    private boolean started;
    private boolean closed;

    private Coordinator(ServerSocket server, Secret secret, String mode, ControlMessage.Offer offer, int expected,
                        Admission admission, CoordinatorEvents events, int version) {
        this.server = server;
        this.secret = secret;
        this.mode = mode;
        this.offer = offer;
        this.expected = expected;
        this.admission = admission;
        this.events = events;
        this.version = version;
    }

    /**
     * Listens on {@code address} and starts accepting receivers.
     *
     * @param secret  null: anyone may join
     * @param mode    {@code rendezvous} or {@code static}
     * @throws CliFailure (usage) when the address is in use or not local
     */
    public static Coordinator listen(InetSocketAddress address, Secret secret, String mode, ControlMessage.Offer offer,
                                     int expected, Admission admission, CoordinatorEvents events, int version) {
        ServerSocket server;
        try {
            server = new ServerSocket();
            server.setReuseAddress(true);
            server.bind(address, 128);
        } catch (BindException e) {
            throw CliFailure.configuration("cannot listen on " + ControlSupport.hostPort(address) + " (" + e.getMessage()
                    + "): the port is in use or the address is not on this machine; pick another --listen address "
                    + "or port, or stop the process that holds it");
        } catch (IOException e) {
            throw CliFailure.configuration("cannot listen on " + ControlSupport.hostPort(address) + ": " + e.getMessage());
        }
        Coordinator c = new Coordinator(server, secret, mode, offer, expected, admission, events, version);
        Thread acceptor = ControlSupport.daemon("robber-control-accept").newThread(c::acceptLoop);
        acceptor.start();
        c.ticker.scheduleAtFixedRate(c::tick, 1, 1, TimeUnit.SECONDS);
        return c;
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) server.getLocalSocketAddress();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (IOException e) {
                return;
            }
            if (pending.incrementAndGet() > MAX_PENDING) {
                pending.decrementAndGet();
                close(socket);
                continue;
            }
            ControlSupport.daemon("robber-control-" + socket.getInetAddress().getHostAddress()).newThread(() -> serve(socket)).start();
        }
    }

    private void serve(Socket socket) {
        String remote = socket.getInetAddress().getHostAddress() + ":" + socket.getPort();
        ReceiverSession session;
        try {
            session = handshake(socket, remote);
        } catch (ControlChannel.VersionMismatch e) {
            events.warn("refused a receiver at " + remote + ": version mismatch: " + e.getMessage()
                    + "; run the same robber version everywhere");
            close(socket);
            return;
        } catch (IOException | RuntimeException e) {
            events.info("dropped a connection from " + remote + ": " + ControlSupport.describe(e));
            close(socket);
            return;
        } finally {
            pending.decrementAndGet();
        }
        if (session != null) {
            follow(session);
        }
    }

    /** Greets, authenticates and admits one receiver; null when it was refused. */
    private ReceiverSession handshake(Socket socket, String remote) throws IOException {
        ControlChannel channel = ControlChannel.open(socket, true, version, HANDSHAKE_TIMEOUT);
        byte[] nonce = Secret.nonce();
        channel.send(new ControlMessage.Hello(VersionProvider.version(), secret != null, ControlSupport.b64(nonce), mode, offer));
        if (secret != null) {
            channel.expectMac();
        }
        ControlChannel.Frame frame = channel.readFrame(HANDSHAKE_TIMEOUT);
        if (!(ControlChannel.parse(frame) instanceof ControlMessage.Register register)) {
            throw new ControlChannel.MalformedControlFrame("sent something other than a registration");
        }
        String who = (register.id() == null ? "?" : register.id()) + " at " + remote;
        if (secret != null) {
            byte[] theirNonce = ControlSupport.decodeNonce(register.nonce());
            channel.authenticate(secret.sessionKey(nonce, theirNonce));
            if (!channel.verify(frame)) {
                events.warn("refused receiver " + who + ": wrong secret (it could not prove it knows the secret of "
                        + "--secret-file)");
                channel.sendUnauthenticated(new ControlMessage.Refused(Refusal.AUTH.code(),
                        "wrong secret: use the same --secret-file as the sender"));
                channel.close();
                return null;
            }
        }
        Optional<String> invalid = validate(register);
        if (invalid.isPresent()) {
            return refuse(channel, Refusal.INVALID, who, invalid.get());
        }
        Registration registration = new Registration(register.id(), register.cluster(), register.host(),
                register.port(), remote);
        ReceiverSession session;
        int count;
        synchronized (this) {
            if (started || closed) {
                return refuse(channel, Refusal.FULL, who, "the transfer has already started; start this receiver "
                        + "before the next 'robber send'");
            }
            if (sessions.size() >= expected) {
                return refuse(channel, Refusal.FULL, who, "all " + expected + " expected receivers have registered: "
                        + "raise --expect on the sender or stop this receiver");
            }
            List<Registration> accepted = sessions.values().stream().map(ReceiverSession::registration).toList();
            Optional<String> conflict = admission.conflict(register, accepted);
            if (conflict.isPresent()) {
                return refuse(channel, Refusal.CONFLICT, who, conflict.get());
            }
            session = new ReceiverSession(channel, registration);
            sessions.put(registration.id(), session);
            count = sessions.size();
            channel.send(new ControlMessage.Accepted(count, expected));
            events.info("receiver " + registration.id() + " (cluster " + registration.cluster() + ", data "
                    + registration.dataAddress() + ") registered: " + count + " of " + expected);
            notifyAll();
        }
        return session;
    }

    private ReceiverSession refuse(ControlChannel channel, Refusal code, String who, String reason) throws IOException {
        events.warn("refused receiver " + who + ": " + reason);
        channel.send(new ControlMessage.Refused(code.code(), reason));
        channel.close();
        return null;
    }

    private static Optional<String> validate(ControlMessage.Register r) {
        if (r.id() == null || r.id().isBlank() || r.id().length() > 256) {
            return Optional.of("a receiver id must be 1 to 256 characters");
        }
        if (r.cluster() == null || r.cluster().isBlank() || r.cluster().length() > 256) {
            return Optional.of("a cluster name must be 1 to 256 characters");
        }
        if (r.host() == null || r.host().isBlank() || r.port() < 1 || r.port() > 65535) {
            return Optional.of("its data address " + r.host() + ":" + r.port() + " is not a valid host and port");
        }
        return Optional.empty();
    }

    /** Reads a registered receiver's frames until it is done, lost or the coordinator closes. */
    private void follow(ReceiverSession session) {
        try {
            while (true) {
                ControlMessage message = session.channel.receive(SILENCE_TIMEOUT);
                if (message instanceof ControlMessage.Progress p) {
                    session.bytes = p.bytes();
                } else if (message instanceof ControlMessage.Done d) {
                    synchronized (this) {
                        synchronized (session) {
                            session.done = d;
                        }
                        notifyAll();
                    }
                }
            }
        } catch (IOException e) {
            lose(session, e);
        } finally {
            synchronized (this) {
                session.ended = true;
                notifyAll();
            }
        }
    }

    private void lose(ReceiverSession session, IOException e) {
        String why = e instanceof EOFException || e instanceof SocketException
                ? "its connection closed: the process ended or its machine went away"
                : e instanceof SocketTimeoutException ? "it sent nothing for " + SILENCE_TIMEOUT.toSeconds() + " s"
                : e.getMessage();
        String line = null;
        synchronized (this) {
            if (closed) {
                return;
            }
            if (!started) {
                if (sessions.remove(session.registration().id(), session)) {
                    line = "receiver " + session.registration().id() + " left before the transfer started ("
                            + why + "): " + sessions.size() + " of " + expected + " registered";
                }
            } else {
                synchronized (session) {
                    if (session.done == null && session.lost == null) {
                        session.lost = why;
                        line = "lost receiver " + session.registration().id() + ": " + why;
                    }
                }
            }
            notifyAll();
        }
        session.channel.close();
        if (line != null) {
            if (started) {
                events.warn(line);
            } else {
                events.info(line);
            }
        }
    }

    private void tick() {
        List<ReceiverSession> waiting;
        synchronized (this) {
            if (started || closed) {
                return;
            }
            waiting = new ArrayList<>(sessions.values());
        }
        ControlMessage.Waiting w = new ControlMessage.Waiting(waiting.size(), expected);
        for (ReceiverSession s : waiting) {
            try {
                s.channel.send(w);
            } catch (IOException e) {
                s.channel.close();
            }
        }
    }

    /** The number of receivers registered so far. */
    public synchronized int registered() {
        return sessions.size();
    }

    /**
     * Blocks until {@code expected} receivers have registered.
     *
     * @throws CliFailure (failed) after {@code wait}, naming who did register
     */
    public synchronized List<Registration> awaitRegistrations(Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (sessions.size() < expected) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                String registered = sessions.isEmpty() ? "none" : String.join(", ", sessions.keySet());
                throw CliFailure.failed("only " + sessions.size() + " of " + expected + " receivers registered within "
                        + DurationConverter.format(wait) + " (registered: " + registered + "): start the missing "
                        + "receivers with --coordinator " + ControlSupport.hostPort(address()) + ", lower --expect or raise --wait", null);
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return sessions.values().stream().map(ReceiverSession::registration).toList();
    }

    /** Sends the same start frame to every registered receiver; later connections are refused. */
    public void start(ControlMessage.Start start) {
        List<ReceiverSession> all;
        synchronized (this) {
            started = true;
            all = new ArrayList<>(sessions.values());
        }
        for (ReceiverSession s : all) {
            try {
                s.channel.send(start);
            } catch (IOException e) {
                lose(s, e);
            }
        }
    }

    /** Every receiver's session, in registration order. */
    public synchronized List<ReceiverSession> sessions() {
        return new ArrayList<>(sessions.values());
    }

    /**
     * Waits until every receiver has reported its outcome or was lost.
     *
     * @return false when the time ran out first
     */
    public synchronized boolean awaitOutcomes(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!sessions.values().stream().allMatch(ReceiverSession::resolved)) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
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
        for (ReceiverSession s : sessions()) {
            if (s.lost() == null) {
                try {
                    s.channel.send(message);
                } catch (IOException e) {
                    // it is gone; nothing more to tell it
                }
            }
        }
    }

    /**
     * Stops accepting, then closes every connection gracefully: this side's output first, so frames
     * already sent (the finish) arrive before the close, then waits up to two seconds for receivers to
     * hang up before closing what is left.
     */
    @Override
    public void close() {
        List<ReceiverSession> all;
        synchronized (this) {
            closed = true;
            all = new ArrayList<>(sessions.values());
            notifyAll();
        }
        ticker.shutdownNow();
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        for (ReceiverSession s : all) {
            try {
                s.channel.socket().shutdownOutput();
            } catch (IOException ignored) {
                // closed already
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        synchronized (this) {
            try {
                while (all.stream().anyMatch(s -> !s.ended) && System.nanoTime() < deadline) {
                    TimeUnit.NANOSECONDS.timedWait(this, Math.max(1, deadline - System.nanoTime()));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        all.forEach(s -> s.channel.close());
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
