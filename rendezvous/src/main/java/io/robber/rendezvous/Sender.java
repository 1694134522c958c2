package io.robber.rendezvous;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.robber.api.Manifest;
import io.robber.api.Member;
import io.robber.rendezvous.control.Admission;
import io.robber.rendezvous.control.ControlChannel;
import io.robber.security.TlsIdentity;
import io.robber.rendezvous.control.Coordinator;
import io.robber.rendezvous.control.Registration;
import io.robber.rendezvous.control.StartPolicy;
import io.robber.rendezvous.data.SourceData;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Pushes a file or a directory to N receivers, as {@code robber send} does: this process is the root
 * of the transfer and the coordinator its receivers ({@link Receiver}, {@code robber receive}) register
 * with. It waits until N receivers have registered, fixes the group (root first, then the receivers by
 * cluster and id), hands everyone the manifest and serves the data until every receiver holds a
 * verified copy.
 *
 * <pre>{@code
 * TransferSummary summary = Sender.push(Path.of("data.bin")).listen("10.0.0.1:7800").expect(8).run();
 * }</pre>
 *
 * <p>With {@link #group(GroupFile, String)} it is instead the root of a static group, as
 * {@code robber node} is.
 */
public final class Sender {
    /** The coordinator's port when the listen address gives none. */
    public static final int DEFAULT_PORT = 7800;

    private final Path path;
    private InetSocketAddress listen;
    private int expect;
    private String cluster = "default";
    private String id;
    private int dataPort;
    private String protocol = "robber";
    /** 0 until chosen: {@link Manifest#pieceSizeFor} the data set's size. */
    private int pieceSize;
    private Secret secret;
    private TlsIdentity tls;
    private Duration waitFor = Duration.ofMinutes(5);
    private Duration startAfter;
    private int minReceivers;
    private Duration timeout = Duration.ofMinutes(30);
    private Duration failureTimeout = Duration.ofSeconds(30);
    private long maxRate;
    private TransferListener listener = TransferListener.SILENT;
    private MeterRegistry meters = new SimpleMeterRegistry();
    private GroupFile group;
    private String self;

    private Sender(Path path) {
        this.path = Objects.requireNonNull(path, "path");
    }

    /** A push of the file or directory at {@code path}. */
    public static Sender push(Path path) {
        return new Sender(path);
    }

    /**
     * Where the coordinator listens for receivers, {@code HOST[:PORT]} (port default {@value #DEFAULT_PORT});
     * the data channel uses the same host.
     */
    public Sender listen(String hostPort) {
        return listen(Addresses.parse(hostPort, "the listen address", null, DEFAULT_PORT));
    }

    public Sender listen(InetSocketAddress address) {
        this.listen = address;
        return this;
    }

    /** How many receivers to wait for (at least 1). */
    public Sender expect(int receivers) {
        if (receivers < 1) {
            throw new IllegalArgumentException("expect at least 1 receiver, got " + receivers);
        }
        this.expect = receivers;
        return this;
    }

    /** The root's cluster (default {@code default}). */
    public Sender cluster(String name) {
        this.cluster = name;
        return this;
    }

    /** The root's member id (default: the name of its TLS certificate, else {@code HOST:DATA-PORT}). */
    public Sender id(String memberId) {
        this.id = memberId;
        return this;
    }

    /** Port of the root's data channel on the listen host (default 0: a free port). */
    public Sender dataPort(int port) {
        this.dataPort = port;
        return this;
    }

    /** The protocol everyone runs (default {@code robber}). */
    public Sender protocol(String name) {
        this.protocol = name;
        return this;
    }

    /**
     * Size of one piece, at most 64 MiB (default: {@link Manifest#pieceSizeFor} the data set's size,
     * about 2048 pieces of 64 KiB to 4 MiB).
     */
    public Sender pieceSize(int bytes) {
        this.pieceSize = Manifest.checkPieceSize(bytes);
        return this;
    }

    /** The shared secret receivers must prove they know (default none: anyone who reaches the ports may join). */
    public Sender secret(Secret shared) {
        this.secret = shared;
        return this;
    }

    /**
     * Mutual TLS with {@code identity} on the control and data connections (default none): every receiver
     * needs a certificate of the same CA that names its member id, and the root's own certificate must
     * name the root's id (its default with TLS).
     */
    public Sender tls(TlsIdentity identity) {
        this.tls = identity;
        return this;
    }

    /** How long to wait for the receivers to register (default 5 minutes). */
    public Sender waitFor(Duration wait) {
        this.waitFor = wait;
        return this;
    }

    /**
     * Starts this long after listening without every expected receiver, if at least {@link #minReceivers}
     * (default 1) have registered by then; the others join the running transfer as they register (default:
     * wait for all of them). At most the {@link #waitFor wait}.
     */
    public Sender startAfter(Duration delay) {
        this.startAfter = delay;
        return this;
    }

    /**
     * How many receivers must have registered to start without all of them: at {@link #startAfter}, or else
     * when the {@link #waitFor wait} runs out, instead of failing; the others join late (default: with
     * {@code startAfter} 1, without it all, so no early start).
     */
    public Sender minReceivers(int receivers) {
        if (receivers < 1) {
            throw new IllegalArgumentException("at least 1 receiver must be there to start, got " + receivers);
        }
        this.minReceivers = receivers;
        return this;
    }

    /** Give up when the transfer has not finished this long after it started (default 30 minutes). */
    public Sender timeout(Duration limit) {
        this.timeout = limit;
        return this;
    }

    /** A peer silent for this long is taken as dead (default 30 seconds). */
    public Sender failureTimeout(Duration limit) {
        this.failureTimeout = limit;
        return this;
    }

    /**
     * Holds this node's data traffic to {@code bytesPerSecond} each way, all peers together ({@code
     * --max-rate}): a push that must leave room on the network for other work. 0, the default, for no limit.
     */
    public Sender maxRate(long bytesPerSecond) {
        if (bytesPerSecond < 0) {
            throw new IllegalArgumentException("the rate limit must not be negative (0: none), got " + bytesPerSecond);
        }
        this.maxRate = bytesPerSecond;
        return this;
    }

    /** Told about registrations, progress and warnings (default: nobody). */
    public Sender listener(TransferListener transferListener) {
        this.listener = transferListener;
        return this;
    }

    /** Where the data channel's {@code robber.*} meters go (default: an in-memory registry). */
    public Sender meters(MeterRegistry registry) {
        this.meters = registry;
        return this;
    }

    /**
     * Makes this the root of a static group instead of a rendezvous: member {@code selfId} of {@code file}
     * listens on its control address until every other member has registered.
     */
    public Sender group(GroupFile file, String selfId) {
        this.group = file;
        this.self = selfId;
        return this;
    }

    /**
     * Pushes the data and returns when the transfer has ended.
     *
     * @return the summary; when some receivers did not get a verified copy, {@link TransferSummary#error()}
     *         says which and why
     * @throws RendezvousException when the transfer could not run: a path or address that cannot work, too
     *                             few receivers within the wait, ...
     */
    public TransferSummary run() throws IOException, InterruptedException {
        Root root = group != null ? staticRoot() : rendezvousRoot();
        StartPolicy start = new StartPolicy(waitFor, startAfter, minReceivers);
        start.check(root.receivers());
        Trust trust = new Trust(secret, tls);
        trust.checkNames(root.self().id());
        try (DataPort reserved = root.reserved();
             SourceData source = SourceData.open(path);
             Coordinator coordinator = Coordinator.listen(root.control(), trust, root.mode(), source.offer(),
                     root.receivers(), root.admission(), listener, ControlChannel.VERSION, failureTimeout)) {
            String at = Addresses.format(coordinator.address());
            String what = source.name() + " (" + Units.bytes(source.size()) + ")";
            listener.info(group != null
                    ? "root: waiting on " + at + " for the " + Units.plural(root.receivers(), "other member") + " of "
                            + group.path() + " to push " + what
                    : "waiting for " + Units.plural(expect, "receiver") + " on " + at + " to push " + what
                            + "; start each with: robber receive --coordinator " + at + " --cluster NAME --out DIR");
            int piece = pieceSize > 0 ? pieceSize : Manifest.pieceSizeFor(source.size());
            RootTransfer.Settings settings = new RootTransfer.Settings(root.self(), protocol, piece, start,
                    timeout, failureTimeout, trust, maxRate, root.ordering());
            return new RootTransfer(settings, source, coordinator, listener, meters).holding(reserved).run();
        }
    }

    /** How the root of one mode listens, admits and orders the group. */
    private record Root(Member self, DataPort reserved, InetSocketAddress control, String mode, int receivers,
                        Admission admission, Function<List<Registration>, List<Member>> ordering) {
    }

    private Root rendezvousRoot() {
        if (listen == null || expect < 1) {
            throw new IllegalStateException("a push needs listen(...) and expect(...)");
        }
        String host = listen.getHostString();
        DataPort reserved = dataPort != 0 ? DataPort.NONE : DataPort.reserve(host, "--listen");
        int port = dataPort != 0 ? dataPort : reserved.port();
        Member root = Member.of(id != null ? id : tls != null ? tls.name() : Addresses.format(host, port), cluster,
                host, port);
        return new Root(root, reserved, listen, "rendezvous", expect, admission(root),
                registrations -> order(root, registrations));
    }

    private Root staticRoot() {
        if (startAfter != null || minReceivers > 0) {
            throw new IllegalStateException("a static group starts with all its members: startAfter(...) and "
                    + "minReceivers(...) are for a push");
        }
        GroupFile.Entry me = group.entry(self);
        int receivers = group.entries().size() - 1;
        List<Member> members = group.members();
        return new Root(new Member(me.id(), me.cluster(), group.dataAddress(me)), DataPort.NONE,
                group.controlAddress(me), "static",
                receivers, group.admission(me.id()), registrations -> members);
    }

    /** Root first, then the receivers by cluster and id: the same order whatever order they registered in. */
    static List<Member> order(Member root, List<Registration> registrations) {
        List<Member> members = new ArrayList<>();
        members.add(root);
        registrations.stream()
                .sorted(Comparator.comparing(Registration::cluster).thenComparing(Registration::id))
                .forEach(r -> members.add(Member.of(r.id(), r.cluster(), r.host(), r.port())));
        return members;
    }

    /** Distinct ids and data addresses, none of them the root's own. */
    static Admission admission(Member root) {
        return (candidate, accepted) -> {
            if (candidate.id().equals(root.id())) {
                return Optional.of("id '" + root.id() + "' is the sender's own: give the receiver another --id");
            }
            if (candidate.port() == root.address().getPort() && candidate.host().equals(root.address().getHostString())) {
                return Optional.of("data address " + Addresses.format(root.address()) + " is the sender's own: "
                        + "give the receiver another --listen port");
            }
            return Admission.DISTINCT.conflict(candidate, accepted);
        };
    }
}
