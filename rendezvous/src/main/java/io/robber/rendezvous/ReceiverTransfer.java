package io.robber.rendezvous;

import io.micrometer.core.instrument.MeterRegistry;
import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.rendezvous.control.ControlMessage;
import io.robber.rendezvous.control.CoordinatorClient;
import io.robber.rendezvous.control.NodeReport;
import io.robber.rendezvous.data.OutputDirectory;
import io.robber.rendezvous.data.TargetData;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;

/**
 * A receiver's side of one transfer, once it has found its coordinator: registers, waits for the
 * start, receives into temporary files, verifies and moves them into place, reports, and keeps
 * serving its peers until every member is done or the coordinator says how the transfer ended.
 * {@link Receiver} runs it; its parts are public for callers that bring their own client.
 */
public final class ReceiverTransfer {
    private static final long TICK_MILLIS = 100;
    /** How long a failed data channel waits for the coordinator to say this node was declared dead. */
    private static final long WORD_OF_DEATH_MILLIS = 2000;
    /**
     * After the coordinator is lost, a receiver gives up when no data arrives for this long beyond the
     * failure timeout: the coordinator usually runs on the root, whose death its neighbours learn only
     * after the failure timeout, and only then ask the root's cluster-mates for what it owed.
     */
    static final Duration STALL_AFTER_COORDINATOR_LOST = Duration.ofSeconds(15);

    /**
     * @param groupDigest null in rendezvous mode
     * @param maxRate     bytes per second this receiver receives (and sends) at most; 0: no limit
     */
    public record Settings(String id, String cluster, String host, int port, String groupDigest, Path out, boolean overwrite,
                    Duration timeout, Duration failureTimeout, Trust trust, long maxRate) {
    }

    private final Settings settings;
    private final CoordinatorClient client;
    private final TransferListener reporter;
    private final MeterRegistry registry;
    /** The data port chosen for this receiver, held until its data channel binds it. */
    private DataPort reserved = DataPort.NONE;
    /** How to connect to the coordinator again when the control connection is lost; null: never. */
    private ControlLink.Connector reconnect;
    /** The control connection from the start on, which may be replaced by a new one. */
    private ControlLink control;
    /** Why the coordinator declared this receiver dead ({@link ControlMessage.Departed} naming it), or null. */
    private volatile String declaredDead;
    /** Bytes of the data set this node's copy holds so far: resumed and received. */
    private volatile LongSupplier copied = () -> 0;

    public ReceiverTransfer(Settings settings, CoordinatorClient client, TransferListener reporter,
                            MeterRegistry registry) {
        this.settings = settings;
        this.client = client;
        this.reporter = reporter;
        this.registry = registry;
    }

    /** Holds {@code port}, the free data port chosen for this receiver, until the data channel binds it. */
    ReceiverTransfer holding(DataPort port) {
        this.reserved = port;
        return this;
    }

    /**
     * Once the transfer started, a lost control connection is replaced through {@code connector} within
     * the failure timeout ({@link ControlLink}).
     */
    ReceiverTransfer reconnecting(ControlLink.Connector connector) {
        this.reconnect = connector;
        return this;
    }

    /**
     * Registers, receives, verifies and keeps serving until the transfer ends.
     *
     * @return the summary of this node's copy
     * @throws RendezvousException when this node did not get a verified copy, saying why
     */
    public TransferSummary run() throws IOException, InterruptedException {
        ControlMessage.Offer offer = client.hello().offer();
        try {
            OutputDirectory.check(settings.out(), offer, settings.overwrite());
        } catch (ConfigurationException e) {
            client.decline(settings.id(), e.getMessage());
            throw e;
        }
        ControlMessage.Accepted accepted = client.register(settings.id(), settings.cluster(), settings.host(),
                settings.port(), settings.groupDigest());
        if (accepted.rejoined()) {
            reporter.info("registered again with the coordinator at " + client.coordinator() + " as " + settings.id()
                    + ": rejoining the running transfer of " + offer.name() + " (" + Units.bytes(offer.size()) + ")");
        } else {
            reporter.info("registered with the coordinator at " + client.coordinator() + " as " + settings.id()
                    + " (cluster " + settings.cluster() + ", data " + Addresses.format(settings.host(), settings.port())
                    + "), " + accepted.registered() + " of " + accepted.expected() + "; waiting for the transfer of "
                    + offer.name() + " (" + Units.bytes(offer.size()) + ") to start");
        }
        int[] lastCount = {accepted.registered()};
        ControlMessage.Start start = client.awaitStart(w -> {
            if (w.registered() != lastCount[0]) {
                lastCount[0] = w.registered();
                reporter.info("waiting: " + w.registered() + " of " + w.expected() + " receivers registered");
            }
        });
        ControlLink link = new ControlLink(client, reconnect, settings, reporter);
        control = link;
        try (link) {
            return receive(start);
        }
    }

    /** From the start frame on: creates the copy, receives, and lets go of it however the transfer ends. */
    private TransferSummary receive(ControlMessage.Start start) throws InterruptedException {
        StartPlan plan = plan(start);
        TargetData target;
        try {
            target = TargetData.create(settings.out(), start.offer().name(), plan.layout(), plan.manifest().size(),
                    settings.overwrite());
        } catch (IOException e) {
            String line = Transfers.isDiskFull(e) ? Transfers.describe(e, settings.out().toString())
                    : "cannot create the copy in " + settings.out() + ": " + Transfers.ioMessage(e);
            report(false, line, null);
            throw new TransferFailedException(line, e);
        }
        Thread cleanup = new Thread(() -> {
            if (!target.committed()) {
                report(false, "receiver " + settings.id() + " was stopped (SIGTERM or Ctrl-C)", null);
            }
            release(target);
        }, "robber-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            return transfer(start, plan, target);
        } finally {
            release(target);
            try {
                target.close();
            } catch (IOException ignored) {
                // the copy is in place or deleted
            }
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException ignored) {
                // shutting down already
            }
        }
    }

    /**
     * Ends an unfinished copy: one that holds data, or that goes on with what an earlier run left, is
     * kept for the next run to resume, and the user is told where; a new, empty one is discarded. Safe to
     * call more than once, and from the shutdown hook.
     */
    private void release(TargetData target) {
        long held = copied.getAsLong();
        if (target.committed() || held == 0 && !target.resumed()) {
            target.abort();
            return;
        }
        target.keep().ifPresent(kept -> reporter.info("kept the partial copy (" + Units.bytes(held) + " of "
                + Units.bytes(target.storage().size()) + ") as " + kept + ": run the same 'robber receive' again to "
                + "resume it, or delete it"));
    }

    private StartPlan plan(ControlMessage.Start start) {
        try {
            return StartPlan.of(start, settings.id(), client.pieceDigests(start.manifest().parts()));
        } catch (RuntimeException e) {
            String line = "the coordinator at " + client.coordinator() + " sent an unusable start frame: "
                    + Transfers.describe(e);
            report(false, line, null);
            throw new TransferFailedException(line, e);
        }
    }

    private TransferSummary transfer(ControlMessage.Start start, StartPlan plan, TargetData target)
            throws InterruptedException {
        BitSet held = held(plan, target);
        MulticastChannel channel;
        try {
            reserved.close();
            channel = Channels.open(plan.group(), settings.id(), start.protocol(), registry, settings.trust(),
                    settings.failureTimeout(), settings.maxRate());
        } catch (RuntimeException e) {
            String line = Transfers.describe(e);
            report(false, line, null);
            throw new ConfigurationException(line);
        }
        try {
            return transfer(start, plan, target, held, channel);
        } finally {
            channel.close();
        }
    }

    /**
     * The pieces of the partial copy a killed run left that still match the manifest, read and hashed
     * before the data channel opens (none for a fresh copy): this node starts with them and fetches
     * only the rest.
     */
    private BitSet held(StartPlan plan, TargetData target) throws InterruptedException {
        if (!target.resumed()) {
            return new BitSet();
        }
        Manifest manifest = plan.manifest();
        long begin = System.nanoTime();
        BitSet held;
        try {
            held = target.held(manifest, Runtime.getRuntime().availableProcessors());
        } catch (IOException e) {
            String line = "cannot read the partial copy an earlier run left in " + settings.out() + ": "
                    + Transfers.ioMessage(e);
            report(false, line, null);
            throw new TransferFailedException(line, e);
        }
        reporter.info("resuming the partial copy an earlier run left in " + settings.out() + ": "
                + held.cardinality() + " of " + manifest.pieceCount() + " pieces (" + Units.bytes(bytes(manifest, held))
                + ") check out against the manifest (read in " + String.format(Locale.ROOT, "%.1f",
                (System.nanoTime() - begin) / 1e9) + " s); fetching the rest");
        return held;
    }

    private static long bytes(Manifest manifest, BitSet pieces) {
        long bytes = 0;
        for (int p = pieces.nextSetBit(0); p >= 0; p = pieces.nextSetBit(p + 1)) {
            bytes += manifest.pieceLength(p);
        }
        return bytes;
    }

    private TransferSummary transfer(ControlMessage.Start start, StartPlan plan, TargetData target, BitSet held,
                                     MulticastChannel channel) throws InterruptedException {
        long size = plan.manifest().size();
        long heldBytes = bytes(plan.manifest(), held);
        copied = () -> Math.min(size, heldBytes + Channels.bytesIn(channel.meters()));
        long begin = System.nanoTime();
        long deadline = begin + settings.timeout().toNanos();
        control.progress(copied);
        control.departures(d -> {
            if (d.id().equals(settings.id())) {
                declaredDead = d.reason();
            } else if (plan.group().contains(d.id())) {
                reporter.warn("member " + d.id() + " left the transfer (" + d.reason() + "); going on without it");
                channel.declareDead(d.id(), "left the transfer: " + d.reason());
            }
        });
        reporter.info("receiving " + start.offer().name() + " (" + Units.bytes(size) + ") from "
                + Units.plural(plan.group().size() - 1, "peer") + " with protocol " + start.protocol());
        CompletableFuture<Void> operation = channel.multicastAsync(plan.manifest(), target.storage(), held);
        String error = awaitLocal(operation, deadline, size, copied);
        long localNanos = System.nanoTime() - begin;
        reporter.endProgress();
        if (error != null && declaredDead != null) {
            throw new DeclaredDead(declaredDead);
        }
        if (error == null) {
            try {
                target.commit();
            } catch (IOException e) {
                error = Transfers.isDiskFull(e) ? Transfers.describe(e, settings.out().toString())
                        : "cannot move the copy into place: " + Transfers.ioMessage(e);
            }
        }
        NodeReport node = new NodeReport(settings.id(), settings.cluster(), "receiver",
                error == null ? Channels.seconds(localNanos) : null,
                error == null ? Channels.throughput(size, localNanos) : null, error == null,
                Channels.in(channel.meters()), Channels.out(channel.meters()), error);
        report(error == null, error, node);
        if (error != null) {
            throw new TransferFailedException(error, null);
        }
        reporter.info("received " + target.target() + " (" + Units.bytes(size) + ") in "
                + String.format(Locale.ROOT, "%.1f", localNanos / 1e9) + " s, SHA-256 "
                + (plan.sha256() == null ? plan.manifest().rootDigestHex() : plan.sha256()) + " verified; serving "
                + "peers until every member is done");
        List<String> failed = ServingUntilTheEnd.await(channel.flushAsync(), control.end(), () -> declaredDead != null,
                deadline, settings.timeout(), reporter);
        if (declaredDead != null) {
            throw new TransferFailedException("this receiver was declared dead (" + declaredDead + "; was it stopped "
                    + "or frozen?) and the transfer went on without it: the sender counts it as failed (the copy in "
                    + target.target() + " is complete and verified)", null);
        }
        return new TransferSummary("receiver", settings.id(), start.protocol(), start.offer().name(),
                start.offer().kind(), size, plan.manifest().pieceSize(), plan.sha256(), Channels.seconds(localNanos),
                orZero(Channels.throughput(size, localNanos)), true, target.target().toString(), List.of(node),
                failed, null);
    }

    /** Waits for this node's copy; returns why it failed, or null. */
    private String awaitLocal(CompletableFuture<Void> operation, long deadline, long size, LongSupplier copied)
            throws InterruptedException {
        long lastBytes = -1;
        long lastChange = System.nanoTime();
        while (true) {
            try {
                operation.get(TICK_MILLIS, TimeUnit.MILLISECONDS);
                return null;
            } catch (ExecutionException e) {
                awaitWordOfDeath();
                return declaredDead != null ? declaredDead : Transfers.describe(e.getCause(), settings.out().toString());
            } catch (TimeoutException e) {
                // still running
            }
            if (declaredDead != null) {
                return declaredDead;
            }
            long bytes = copied.getAsLong();
            reporter.progress(bytes, size, "");
            long now = System.nanoTime();
            if (bytes != lastBytes) {
                lastBytes = bytes;
                lastChange = now;
            }
            if (now > deadline) {
                return "did not receive all data within --timeout " + Units.duration(settings.timeout())
                        + " (" + Units.bytes(bytes) + " of " + Units.bytes(size) + ")";
            }
            CompletableFuture<ControlMessage> end = control.end();
            if (end.isDone()) {
                ControlMessage message = end.handle((m, t) -> m).join();
                if (message instanceof ControlMessage.Abort abort) {
                    return "the sender gave up: " + abort.reason();
                }
                if (message instanceof ControlMessage.Finish finish) {
                    return "the sender ended the transfer before this node had all data"
                            + (finish.reason() == null ? "" : ": " + finish.reason());
                }
                Duration stall = settings.failureTimeout().plus(STALL_AFTER_COORDINATOR_LOST);
                if (now - lastChange > stall.toNanos()) {
                    return "lost the coordinator at " + control.coordinator() + " and no data arrived for "
                            + Units.duration(stall) + ": was 'robber send' stopped?";
                }
            }
        }
    }

    /**
     * After the data channel failed: a node thawed after it was declared dead learns it from its peers and
     * from the coordinator at about the same time; the coordinator's word, which lets it rejoin, is waited
     * for a moment ({@link #WORD_OF_DEATH_MILLIS}) unless the coordinator already ended the transfer.
     */
    private void awaitWordOfDeath() throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WORD_OF_DEATH_MILLIS);
        while (declaredDead == null && !control.end().isDone() && System.nanoTime() < until) {
            Thread.sleep(TICK_MILLIS / 4);
        }
    }

    private void report(boolean ok, String error, NodeReport node) {
        try {
            if (control != null) {
                control.done(new ControlMessage.Done(ok, error, node));
            } else {
                client.done(new ControlMessage.Done(ok, error, node));
            }
        } catch (IOException e) {
            // the coordinator is gone; the exit code tells
        }
    }

    private static double orZero(Double value) {
        return value == null ? 0 : value;
    }
}
