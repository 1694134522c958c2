package io.robber.rendezvous;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.robber.rendezvous.control.ControlChannel;
import io.robber.security.TlsIdentity;
import io.robber.rendezvous.control.CoordinatorClient;
import io.robber.rendezvous.data.OutputDirectory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Receives the data set a {@link Sender} ({@code robber send}) pushes, as {@code robber receive} does:
 * finds the coordinator (retrying until the wait is over), registers, receives into temporary files
 * in the output directory, checking every piece against the root's manifest, moves them into place and keeps
 * serving its peers until every member is done.
 *
 * <pre>{@code
 * TransferSummary summary = Receiver.from("10.0.0.1:7800").into(Path.of("incoming")).run();
 * }</pre>
 */
public final class Receiver {
    private final List<InetSocketAddress> coordinators;
    private final GroupFile group;
    private Path out;
    private InetSocketAddress listen;
    private String cluster = "default";
    private String id;
    private boolean overwrite;
    private Secret secret;
    private TlsIdentity tls;
    private String sender;
    private Duration waitFor = Duration.ofMinutes(5);
    private Duration timeout = Duration.ofMinutes(30);
    private Duration failureTimeout = Duration.ofSeconds(30);
    private long maxRate;
    private TransferListener listener = TransferListener.SILENT;
    private MeterRegistry meters = new SimpleMeterRegistry();

    private Receiver(List<InetSocketAddress> coordinators, GroupFile group) {
        this.coordinators = coordinators;
        this.group = group;
    }

    /** A receiver of the sender whose coordinator listens at {@code HOST[:PORT]} (port default 7800). */
    public static Receiver from(String hostPort) {
        return from(Addresses.parse(hostPort, "the coordinator address", null, Sender.DEFAULT_PORT));
    }

    public static Receiver from(InetSocketAddress coordinator) {
        return new Receiver(List.of(coordinator), null);
    }

    /**
     * Member {@code selfId} of a static group: it registers with whichever other member of {@code file}
     * is the root, and its id, cluster and data address are the file's.
     */
    public static Receiver group(GroupFile file, String selfId) {
        GroupFile.Entry me = file.entry(selfId);
        List<InetSocketAddress> candidates = new ArrayList<>();
        for (GroupFile.Entry e : file.entries()) {
            if (!e.id().equals(me.id())) {
                candidates.add(file.controlAddress(e));
            }
        }
        Receiver receiver = new Receiver(candidates, file);
        receiver.listen = file.dataAddress(me);
        receiver.cluster = me.cluster();
        receiver.id = me.id();
        return receiver;
    }

    /** The directory to put the data set in (created if missing); required. */
    public Receiver into(Path directory) {
        this.out = directory;
        return this;
    }

    /**
     * This node's data address, {@code HOST[:PORT]} (default: the address it reaches the coordinator from;
     * port default: a free port).
     */
    public Receiver listen(String hostPort) {
        return listen(Addresses.parse(hostPort, "the data address", null, 0));
    }

    public Receiver listen(InetSocketAddress address) {
        this.listen = address;
        return this;
    }

    /** This node's cluster: nodes of one cluster share a fast network (default {@code default}). */
    public Receiver cluster(String name) {
        this.cluster = name;
        return this;
    }

    /** This node's member id (default {@code HOST:PORT} of its data address). */
    public Receiver id(String memberId) {
        this.id = memberId;
        return this;
    }

    /** Replace an existing file or directory of the same name in the output directory. */
    public Receiver overwrite(boolean replace) {
        this.overwrite = replace;
        return this;
    }

    /**
     * Mutual TLS with {@code identity} on the control and data connections (default none), as the sender
     * has it: a certificate of the sender's CA that names this receiver's id (its default with TLS).
     */
    public Receiver tls(TlsIdentity identity) {
        this.tls = identity;
        return this;
    }

    /**
     * With TLS, the member id the coordinator's certificate must name: the sender's {@code --id} (default
     * none: any certificate of the CA that names a member of the group the coordinator starts).
     */
    public Receiver tlsSender(String id) {
        this.sender = id;
        return this;
    }

    /** The sender's shared secret (default none). */
    public Receiver secret(Secret shared) {
        this.secret = shared;
        return this;
    }

    /** How long to keep looking for the coordinator (default 5 minutes). */
    public Receiver waitFor(Duration wait) {
        this.waitFor = wait;
        return this;
    }

    /** Give up when the transfer has not finished this long after it started (default 30 minutes). */
    public Receiver timeout(Duration limit) {
        this.timeout = limit;
        return this;
    }

    /** A peer silent for this long is taken as dead (default 30 seconds). */
    public Receiver failureTimeout(Duration limit) {
        this.failureTimeout = limit;
        return this;
    }

    /**
     * Holds this node's data traffic to {@code bytesPerSecond} each way, all peers together ({@code
     * --max-rate}): a push that must leave room on the network for other work. 0, the default, for no limit.
     */
    public Receiver maxRate(long bytesPerSecond) {
        if (bytesPerSecond < 0) {
            throw new IllegalArgumentException("the rate limit must not be negative (0: none), got " + bytesPerSecond);
        }
        this.maxRate = bytesPerSecond;
        return this;
    }

    /** Told about the coordinator, progress and warnings (default: nobody). */
    public Receiver listener(TransferListener transferListener) {
        this.listener = transferListener;
        return this;
    }

    /** Where the data channel's {@code robber.*} meters go (default: an in-memory registry). */
    public Receiver meters(MeterRegistry registry) {
        this.meters = registry;
        return this;
    }

    /**
     * Receives the data set and returns once this node holds a verified copy and the transfer has ended.
     *
     * @return the summary of this node's copy
     * @throws RendezvousException when this node did not get a verified copy, saying why
     */
    public TransferSummary run() throws IOException, InterruptedException {
        if (out == null) {
            throw new IllegalStateException("a receiver needs into(directory)");
        }
        Trust trust = new Trust(secret, tls, sender);
        if (id != null) {
            trust.checkNames(id);
        }
        Path dir = OutputDirectory.prepare(out);
        long deadline = System.nanoTime() + waitFor.toNanos();
        Duration wait = waitFor;
        while (true) {
            try {
                return register(dir, trust, wait);
            } catch (DeclaredDead e) {
                return comeBack(dir, trust, e.getMessage());
            } catch (CoordinatorClient.GivenUp e) {
                if (System.nanoTime() - deadline >= 0) {
                    throw new TransferFailedException("the coordinator gave up on this receiver before the transfer "
                            + "started (" + e.getMessage() + "; was it stopped or frozen?) and --wait "
                            + Units.duration(waitFor) + " has passed", e);
                }
                listener.warn("the coordinator gave up on this receiver before the transfer started (" + e.getMessage()
                        + "; was it stopped or frozen?): registering again");
                wait = Duration.ofNanos(deadline - System.nanoTime());
            }
        }
    }

    /**
     * After the coordinator declared this receiver dead mid-transfer ({@code why}: it was frozen or cut off
     * for longer than the failure timeout) and the others went on: registers again, within the failure
     * timeout, and joins the transfer as a late joiner if it still runs, resuming the copy it kept.
     */
    private TransferSummary comeBack(Path dir, Trust trust, String why) throws IOException, InterruptedException {
        String dead = "this receiver was declared dead (" + why + "; was it stopped or frozen?)";
        listener.warn(dead + " and the transfer went on without it; it kept its copy and registers again to rejoin");
        CoordinatorClient client;
        try {
            client = connect(trust, failureTimeout);
        } catch (TransferFailedException e) {
            throw new TransferFailedException(dead + " and could not rejoin: the coordinator is gone, so the transfer "
                    + "has ended; the sender counts it as failed", e);
        }
        try (client) {
            return receive(dir, trust, client);
        } catch (DeclaredDead | ConfigurationException e) {
            throw new TransferFailedException(dead + " and could not rejoin: " + e.getMessage() + "; the sender counts "
                    + "it as failed", e);
        }
    }

    /** Connects to the coordinator within {@code wait}, registers and receives. */
    private TransferSummary register(Path dir, Trust trust, Duration wait) throws IOException, InterruptedException {
        try (CoordinatorClient client = connect(trust, wait)) {
            return receive(dir, trust, client);
        }
    }

    private CoordinatorClient connect(Trust trust, Duration wait) throws InterruptedException {
        return CoordinatorClient.connect(coordinators, wait, trust, ControlChannel.VERSION, listener::info);
    }

    /** Registers with the coordinator on {@code client} and receives. */
    private TransferSummary receive(Path dir, Trust trust, CoordinatorClient client)
            throws IOException, InterruptedException {
        String host = listen != null ? listen.getHostString() : client.localHost();
        boolean chosen = listen != null && listen.getPort() != 0;
        try (DataPort reserved = chosen ? DataPort.NONE : DataPort.reserve(host, "--listen")) {
            int port = chosen ? listen.getPort() : reserved.port();
            ReceiverTransfer.Settings settings = new ReceiverTransfer.Settings(
                    id != null ? id : tls != null ? tls.name() : Addresses.format(host, port), cluster, host, port,
                    group == null ? null : group.digest(), dir, overwrite, timeout, failureTimeout, trust, maxRate);
            return new ReceiverTransfer(settings, client, listener, meters).holding(reserved)
                    .reconnecting(wait -> connect(trust, wait)).run();
        }
    }
}
