package io.robber.rendezvous.control;

import io.robber.rendezvous.BuildVersion;
import io.robber.rendezvous.ConfigurationException;
import io.robber.rendezvous.Secret;
import io.robber.rendezvous.Trust;
import io.robber.rendezvous.TransferFailedException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The receiver side of the control protocol: finds the coordinator (retrying with backoff), proves
 * it knows the secret, registers, waits for the start frame, reports progress and its outcome and
 * learns how the transfer ended.
 */
public final class CoordinatorClient implements AutoCloseable {
    /** The coordinator sends a frame every second before the start; silence this long means it is gone. */
    static final Duration SILENCE_TIMEOUT = Duration.ofSeconds(30);

    private final ControlChannel channel;
    private final String coordinator;
    private final ControlMessage.Hello hello;
    private final Secret secret;
    private final byte[] coordinatorNonce;
    /** The names on the coordinator's TLS certificate; empty without TLS. */
    private final Set<String> coordinatorNames;
    private final ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(
            ControlSupport.daemon("robber-control-heartbeat"));
    private final CompletableFuture<ControlMessage> end = new CompletableFuture<>();
    private volatile LongSupplier progress = () -> 0;
    private final ManifestParts.Assembly manifest = new ManifestParts.Assembly();
    private final List<ControlMessage.Departed> departed = new ArrayList<>();
    private Consumer<ControlMessage.Departed> departureSink;
    /** The id this receiver registered as; null before. */
    private volatile String id;

    /**
     * The coordinator gave up on this receiver before the start, e.g. after it was stopped or frozen
     * for longer than the sender's {@code --failure-timeout}: its place is free again, and registering
     * again on a new connection may take it back.
     */
    public static final class GivenUp extends IOException {
        GivenUp(String why) {
            super(why);
        }
    }

    private CoordinatorClient(ControlChannel channel, String coordinator, ControlMessage.Hello hello, Secret secret,
                              byte[] coordinatorNonce, Set<String> coordinatorNames) {
        this.channel = channel;
        this.coordinator = coordinator;
        this.hello = hello;
        this.secret = secret;
        this.coordinatorNonce = coordinatorNonce;
        this.coordinatorNames = coordinatorNames;
    }

    /**
     * Connects to the first of {@code candidates} that answers as a coordinator, trying them in turn with
     * backoff until {@code wait} has passed ({@link CoordinatorSearch}).
     *
     * @param status told about each failed round, for the operator
     * @throws TransferFailedException when unreachable
     * @throws ConfigurationException    when incompatible: version, secret
     */
    public static CoordinatorClient connect(List<InetSocketAddress> candidates, Duration wait, Trust trust, int version,
                                            Consumer<String> status) throws InterruptedException {
        return new CoordinatorSearch(candidates, trust, version).connect(wait, status);
    }

    /**
     * Greets the coordinator {@code where} on a connected {@code socket} and reads its hello.
     *
     * @throws ConfigurationException when the coordinator requires TLS, or the secret does not match its hello
     */
    static CoordinatorClient greet(Socket socket, Secret secret, Set<String> names, int version, String where)
            throws IOException {
        ControlChannel channel = ControlChannel.open(socket, version, Coordinator.HANDSHAKE_TIMEOUT);
        ControlMessage first = channel.receive(Coordinator.HANDSHAKE_TIMEOUT);
        if (first instanceof ControlMessage.Refused r && Refusal.of(r.code()) == Refusal.BUSY) {
            throw new IOException("busy: " + r.reason());
        }
        if (first instanceof ControlMessage.Refused r && Refusal.of(r.code()) == Refusal.TLS) {
            throw new ConfigurationException("the coordinator at " + where + " requires TLS: "
                    + "pass --tls-cert, --tls-key and --tls-ca with a certificate of the sender's CA");
        }
        if (!(first instanceof ControlMessage.Hello hello)) {
            throw new ControlChannel.NotControlPeer("did not say hello");
        }
        if (hello.offer() == null) {
            throw new ControlChannel.MalformedControlFrame("said hello without offering anything");
        }
        if (hello.auth() && secret == null) {
            throw new ConfigurationException("the coordinator at " + where + " requires a shared secret: pass "
                    + "--secret-file with the sender's secret");
        }
        if (!hello.auth() && secret != null) {
            throw new ConfigurationException("the coordinator at " + where + " runs without a secret but this "
                    + "receiver has --secret-file: give 'robber send' the same --secret-file");
        }
        byte[] nonce = hello.auth() ? ControlSupport.decodeNonce(hello.nonce()) : null;
        return new CoordinatorClient(channel, where, hello, secret, nonce, names);
    }

    public ControlMessage.Hello hello() {
        return hello;
    }

    public String coordinator() {
        return coordinator;
    }

    /**
     * With TLS, the coordinator's certificate must name a member of the group it starts: the sender, which
     * the data channel then authenticates by that name, so a member of the CA cannot stand in for it.
     */
    private void checkSenderIn(ControlMessage.Start start) {
        if (!coordinatorNames.isEmpty() && start.members() != null && start.members().stream()
                .noneMatch(m -> m != null && m.id() != null && coordinatorNames.contains(m.id()))) {
            throw new ConfigurationException("the coordinator at " + coordinator + " has a certificate for "
                    + String.join(", ", coordinatorNames) + ", which names no member of the group it started: it is "
                    + "not a sender of this group; check --coordinator");
        }
    }

    /** The address this process reaches the coordinator from: a sensible default for its data address. */
    public String localHost() {
        return channel.localAddress().getHostAddress();
    }

    /**
     * Registers this receiver.
     *
     * @throws ConfigurationException when refused: wrong secret, id or address taken, enough receivers
     */
    public ControlMessage.Accepted register(String id, String cluster, String host, int port, String groupDigest)
            throws IOException {
        byte[] nonce = ControlSupport.nonce();
        if (secret != null) {
            channel.authenticate(secret.sessionKey(coordinatorNonce, nonce));
        }
        channel.send(new ControlMessage.Register(BuildVersion.current(), ControlSupport.b64(nonce), id, cluster, host,
                port, groupDigest));
        ControlChannel.Frame frame = channel.readFrame(Coordinator.HANDSHAKE_TIMEOUT);
        ControlMessage reply = ControlChannel.parse(frame);
        if (reply instanceof ControlMessage.Refused r && Refusal.of(r.code()) == Refusal.BUSY) {
            throw new TransferFailedException("the coordinator at " + coordinator + " turned this receiver away "
                    + "while it registered: " + r.reason(), null);
        }
        if (!channel.verify(frame)) {
            if (reply instanceof ControlMessage.Refused r && Refusal.of(r.code()) == Refusal.AUTH) {
                throw new ConfigurationException("wrong secret: the coordinator at " + coordinator + " refused this "
                        + "receiver; use the same --secret-file as the sender");
            }
            throw new ConfigurationException("the coordinator at " + coordinator + " could not prove it knows the "
                    + "secret: use the same --secret-file on every machine");
        }
        if (reply instanceof ControlMessage.Refused r) {
            throw new ConfigurationException("the coordinator at " + coordinator + " refused this receiver: " + r.reason());
        }
        if (!(reply instanceof ControlMessage.Accepted accepted)) {
            throw new ControlChannel.MalformedControlFrame("answered the registration with " + reply.getClass()
                    .getSimpleName());
        }
        this.id = id;
        heartbeat.scheduleAtFixedRate(this::beat, 500, 500, TimeUnit.MILLISECONDS);
        return accepted;
    }

    /**
     * Tells the coordinator that this receiver cannot take its offer, and why, instead of registering
     * (authenticated like a registration). Best effort: a coordinator that is gone is not told.
     */
    public void decline(String id, String reason) {
        byte[] nonce = ControlSupport.nonce();
        try {
            if (secret != null) {
                channel.authenticate(secret.sessionKey(coordinatorNonce, nonce));
            }
            channel.send(new ControlMessage.Decline(BuildVersion.current(), ControlSupport.b64(nonce), id, reason));
        } catch (IOException e) {
            // the exit code and the receiver's own line tell
        }
    }

    private void beat() {
        try {
            channel.send(new ControlMessage.Progress(progress.getAsLong()));
        } catch (IOException e) {
            heartbeat.shutdown();
        }
    }

    /**
     * Waits for the start frame, telling {@code onWaiting} how many receivers have registered.
     *
     * @throws TransferFailedException when the coordinator aborts or goes away
     * @throws GivenUp                 when the coordinator gave up on this receiver before the start
     */
    public ControlMessage.Start awaitStart(Consumer<ControlMessage.Waiting> onWaiting) throws IOException {
        while (true) {
            ControlMessage message;
            try {
                message = receive(SILENCE_TIMEOUT);
            } catch (IOException e) {
                throw new TransferFailedException("lost the coordinator at " + coordinator + " before the transfer started ("
                        + ControlSupport.describe(e) + "): was 'robber send' stopped?", e);
            }
            if (message instanceof ControlMessage.ManifestPart part) {
                try {
                    manifest.add(part);
                } catch (IllegalArgumentException e) {
                    throw new ControlChannel.MalformedControlFrame("sent an unusable manifest part: " + e.getMessage());
                }
            }
            if (message instanceof ControlMessage.Start start) {
                checkSenderIn(start);
                Thread reader = ControlSupport.daemon("robber-control-read").newThread(this::readUntilEnd);
                reader.start();
                return start;
            }
            if (message instanceof ControlMessage.Abort abort) {
                throw new TransferFailedException("the coordinator at " + coordinator + " gave up: " + abort.reason(),
                        null);
            }
            if (message instanceof ControlMessage.Waiting waiting) {
                onWaiting.accept(waiting);
            }
            if (message instanceof ControlMessage.Departed d && d.id().equals(id)) {
                throw new GivenUp(d.reason());
            }
        }
    }

    private void readUntilEnd() {
        try {
            while (!end.isDone()) {
                ControlMessage message = receive(Duration.ZERO);
                if (message instanceof ControlMessage.Finish || message instanceof ControlMessage.Abort) {
                    end.complete(message);
                } else if (message instanceof ControlMessage.Departed d) {
                    departed(d);
                }
            }
        } catch (IOException e) {
            end.completeExceptionally(e);
        }
    }

    /**
     * The next message from the coordinator, refused when it lacks what the receiver acts on: the member
     * that departed, the members that failed when the transfer finished.
     */
    private ControlMessage receive(Duration timeout) throws IOException {
        ControlMessage message = channel.receive(timeout);
        if (message instanceof ControlMessage.Departed d && d.id() == null) {
            throw new ControlChannel.MalformedControlFrame("announced the departure of no member");
        }
        if (message instanceof ControlMessage.Finish f && f.failed() == null) {
            throw new ControlChannel.MalformedControlFrame("finished the transfer without saying who failed");
        }
        return message;
    }

    /**
     * The piece digests that the manifest parts ahead of the start frame carried, in order.
     *
     * @throws IllegalArgumentException when they are not the {@code parts} the start frame names
     */
    public byte[] pieceDigests(int parts) {
        if (manifest.count() != parts) {
            throw new IllegalArgumentException("it announced " + parts + " manifest parts and sent "
                    + manifest.count());
        }
        return manifest.digests();
    }

    private synchronized void departed(ControlMessage.Departed d) {
        departed.add(d);
        if (departureSink != null) {
            departureSink.accept(d);
        }
    }

    /**
     * Who hears of the members that departed after the start ({@link ControlMessage.Departed}): those
     * already known at once, later ones as they arrive.
     */
    public synchronized void departures(Consumer<ControlMessage.Departed> sink) {
        departureSink = sink;
        departed.forEach(sink);
    }

    /** Where the heartbeat reads this node's progress from. */
    public void progress(LongSupplier bytes) {
        this.progress = bytes;
    }

    public void done(ControlMessage.Done done) throws IOException {
        channel.send(done);
    }

    /**
     * Completes with the coordinator's {@link ControlMessage.Finish} or {@link ControlMessage.Abort};
     * fails when the connection is lost first.
     */
    public CompletableFuture<ControlMessage> end() {
        return end;
    }

    @Override
    public void close() {
        heartbeat.shutdownNow();
        channel.close();
    }
}
