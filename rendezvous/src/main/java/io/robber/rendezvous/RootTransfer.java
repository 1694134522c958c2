package io.robber.rendezvous;

import io.micrometer.core.instrument.MeterRegistry;
import io.robber.api.Group;
import io.robber.api.Member;
import io.robber.api.MulticastChannel;
import io.robber.rendezvous.control.ControlChannel;
import io.robber.rendezvous.control.ControlMessage;
import io.robber.rendezvous.control.Coordinator;
import io.robber.rendezvous.control.NodeReport;
import io.robber.rendezvous.control.ReceiverSession;
import io.robber.rendezvous.control.Registration;
import io.robber.rendezvous.control.StartPolicy;
import io.robber.rendezvous.data.SourceData;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * The root's side of one transfer: waits for the receivers through its coordinator, fixes the group
 * and the manifest, starts everyone, serves the data until every member is done and reports.
 * {@link Sender} runs it; its parts are public for callers that bring their own coordinator.
 */
public final class RootTransfer {
    private static final long TICK_MILLIS = 100;

    /**
     * @param self     the root's member (id, cluster, data address)
     * @param start    when to start without every expected receiver (the rest join late)
     * @param maxRate  bytes per second the root sends (and receives) at most; 0: no limit
     * @param ordering the group's members in order, given the root and the registrations
     */
    public record Settings(Member self, String protocol, int pieceSize, StartPolicy start, Duration timeout,
                    Duration failureTimeout, Trust trust, long maxRate,
                    Function<List<Registration>, List<Member>> ordering) {
    }

    private final Settings settings;
    private final SourceData source;
    private final Coordinator coordinator;
    private final TransferListener reporter;
    private final MeterRegistry registry;
    /** The data port chosen for the root, held until its data channel binds it. */
    private DataPort reserved = DataPort.NONE;

    public RootTransfer(Settings settings, SourceData source, Coordinator coordinator, TransferListener reporter,
                        MeterRegistry registry) {
        this.settings = settings;
        this.source = source;
        this.coordinator = coordinator;
        this.reporter = reporter;
        this.registry = registry;
    }

    /** Holds {@code port}, the free data port chosen for the root, until the data channel binds it. */
    RootTransfer holding(DataPort port) {
        this.reserved = port;
        return this;
    }

    /**
     * Runs the transfer to its end.
     *
     * @return the summary; {@link TransferSummary#error()} says why it failed for some receivers
     * @throws RendezvousException when it could not start: too few receivers, unreadable data, no data channel
     */
    public TransferSummary run() throws InterruptedException {
        Thread stopped = new Thread(() -> coordinator.abort("the sender was stopped (SIGTERM or Ctrl-C)"),
                "robber-stopped");
        Runtime.getRuntime().addShutdownHook(stopped);
        try {
            return runUntilEnd();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopped);
            } catch (IllegalStateException ignored) {
                // shutting down already: the hook tells the receivers
            }
        }
    }

    private TransferSummary runUntilEnd() throws InterruptedException {
        CompletableFuture<SourceData.Description> described = CompletableFuture.supplyAsync(() -> {
            try {
                return source.describe(settings.pieceSize());
            } catch (IOException e) {
                throw new CompletionException(e);
            }
        });
        List<Registration> registrations;
        try {
            registrations = coordinator.awaitRegistrations(settings.start(), described);
        } catch (RendezvousException e) {
            coordinator.abort(e.getMessage());
            throw e;
        }
        SourceData.Description description = awaitDescription(described);
        Group group;
        try {
            group = new Group(settings.ordering().apply(registrations));
        } catch (IllegalArgumentException e) {
            coordinator.abort(e.getMessage());
            throw new ConfigurationException("cannot form the group: " + e.getMessage());
        }
        List<ControlMessage.ManifestPart> parts = description.parts();
        ControlMessage.Start start = startFrame(group, description, parts.size());
        MulticastChannel channel;
        try {
            reserved.close();
            channel = Channels.open(group, settings.self().id(), settings.protocol(), registry, settings.trust(),
                    settings.failureTimeout(), settings.maxRate());
        } catch (RuntimeException e) {
            coordinator.abort("the sender cannot open its data channel: " + Transfers.describe(e));
            throw new ConfigurationException(Transfers.describe(e));
        }
        try {
            int missing = coordinator.expected() - registrations.size();
            reporter.info("starting: " + Units.plural(registrations.size(), "receiver") + " in "
                    + Units.plural(group.clusters().size(), "cluster") + ", protocol " + settings.protocol()
                    + ", data channel on " + Addresses.format(settings.self().address())
                    + (missing > 0 ? "; the " + Units.plural(missing, "missing receiver") + " may still join late" : ""));
            coordinator.start(parts, start, (id, why) -> channel.declareDead(id, "left the transfer: " + why));
            try (LateWaves late = new LateWaves(settings, coordinator, reporter, registry, description.manifest(),
                    source.storage(), parts, g -> startFrame(g, description, parts.size()))) {
                return transfer(channel, late, group, description);
            }
        } finally {
            channel.close();
        }
    }

    private SourceData.Description awaitDescription(CompletableFuture<SourceData.Description> described)
            throws InterruptedException {
        try {
            return described.get();
        } catch (ExecutionException e) {
            String line = "cannot read " + source.path() + ": " + Transfers.describe(e.getCause());
            coordinator.abort("the sender " + line);
            throw new TransferFailedException(line, e.getCause());
        }
    }

    private ControlMessage.Start startFrame(Group group, SourceData.Description description, int parts) {
        List<ControlMessage.MemberSpec> members = new ArrayList<>();
        for (Member m : group.members()) {
            members.add(new ControlMessage.MemberSpec(m.id(), m.cluster(), m.address().getHostString(),
                    m.address().getPort()));
        }
        byte[] tree = source.layout().encoded();
        long frameBytes = (tree == null ? 0 : tree.length * 4L / 3) + members.size() * 300L;
        if (frameBytes > ControlChannel.MAX_COORDINATOR_FRAME) {
            String line = "the file tree of " + source.path() + " is too large to hand out ("
                    + source.layout().files() + " files): send fewer files at once";
            coordinator.abort("the sender's " + line);
            throw new ConfigurationException(line);
        }
        return new ControlMessage.Start(settings.protocol(), members, source.offer(), description.spec(parts),
                tree == null ? null : Base64.getEncoder().encodeToString(tree));
    }

    private TransferSummary transfer(MulticastChannel channel, LateWaves late, Group group,
                                     SourceData.Description description) throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + settings.timeout().toNanos();
        long size = description.manifest().size();
        CompletableFuture<Void> operation = channel.multicastAsync(description.manifest(), source.storage(),
                description.manifest().allPieces());
        CompletableFuture<Void> dataEnded = channel.flushAsync();
        boolean allResolved = false;
        String rootError = null;
        long nextLook = 0;
        long reportsDue = Long.MAX_VALUE;
        List<ReceiverSession> sessions = coordinator.sessions();
        while (!allResolved && System.nanoTime() < Math.min(deadline, reportsDue)) {
            allResolved = coordinator.awaitOutcomes(Duration.ofMillis(TICK_MILLIS));
            late.tick();
            boolean ended = dataEnded.isDone() && late.dataEnded();
            if (!ended) {
                reportsDue = Long.MAX_VALUE;
            } else if (reportsDue == Long.MAX_VALUE) {
                reportsDue = System.nanoTime() + settings.failureTimeout().toNanos();
            }
            if (System.nanoTime() - nextLook >= 0) {
                nextLook = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
                stopIfChanged();
            }
            sessions = coordinator.sessions();
            long bytes = 0;
            int done = 0;
            for (ReceiverSession s : sessions) {
                ControlMessage.Done d = s.done();
                bytes += d != null && d.ok() ? size : Math.min(s.bytes(), size);
                done += d != null ? 1 : 0;
            }
            reporter.progress(bytes, size * sessions.size(), done + " of " + sessions.size() + " receivers done");
            if (rootError == null) {
                Optional<Throwable> failure = operation.isCompletedExceptionally()
                        ? Optional.of(operation.handle((v, e) -> e).join()) : late.failure();
                if (failure.isPresent()) {
                    rootError = Transfers.describe(failure.get());
                    reporter.warn("the sender's data channel failed: " + rootError);
                }
            }
        }
        long lastDone = System.nanoTime() - start;
        reporter.endProgress();

        List<NodeReport> nodes = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        List<ReceiverSession> inGroupOrder = new ArrayList<>(sessions);
        inGroupOrder.sort(Comparator.<ReceiverSession>comparingInt(s -> group.contains(s.registration().id())
                        ? group.indexOf(s.registration().id()) : Integer.MAX_VALUE)
                .thenComparing(s -> s.registration().cluster()).thenComparing(s -> s.registration().id()));
        for (ReceiverSession s : inGroupOrder) {
            Registration r = s.registration();
            ControlMessage.Done d = s.done();
            String lost = s.lost();
            if (d != null && d.ok() && d.node() != null) {
                nodes.add(d.node());
                continue;
            }
            String why = d != null ? (d.error() != null ? d.error() : "failed")
                    : lost != null ? "lost: " + lost
                    : reportsDue != Long.MAX_VALUE ? "did not report its outcome within "
                            + Units.duration(settings.failureTimeout()) + " (--failure-timeout) after the data channel "
                            + (dataEnded.isCompletedExceptionally() ? "failed" : "saw every member holding every piece")
                    : "did not finish within --timeout " + Units.duration(settings.timeout());
            failed.add(r.id());
            reasons.add(r.id() + " " + why);
            NodeReport node = d != null && d.node() != null ? d.node().withError(why)
                    : new NodeReport(r.id(), r.cluster(), "receiver", null, null, false, null, null, why);
            nodes.add(node);
        }
        if (failed.isEmpty()) {
            flush(channel, late, deadline);
        }
        String reason = failed.isEmpty() ? null : String.join("; ", reasons);
        coordinator.finish(new ControlMessage.Finish(failed, reason));
        NodeReport self = new NodeReport(settings.self().id(), settings.self().cluster(), "sender",
                Channels.seconds(lastDone), Channels.throughput(size, lastDone), rootError == null,
                Channels.in(channel.meters()), Channels.out(channel.meters()), rootError);
        nodes.add(0, self);
        String error = failed.isEmpty() ? null
                : "transfer failed for " + failed.size() + " of " + sessions.size() + " receivers: " + reason;
        return new TransferSummary("sender", settings.self().id(), settings.protocol(), source.name(),
                source.layout().kind(), size, description.manifest().pieceSize(), description.sha256(),
                Channels.seconds(lastDone), orZero(Channels.throughput(size, lastDone)), failed.isEmpty(), null,
                nodes, failed, error);
    }

    /**
     * Ends the transfer for everyone when a file of the data set changed since its manifest was built:
     * the root would serve pieces that fail their digest check on every receiver, for ever.
     */
    private void stopIfChanged() {
        Optional<String> change = source.changed();
        if (change.isPresent()) {
            String line = "the data changed during the transfer: " + change.get() + "; the copies cannot match the "
                    + "manifest: send it again once it no longer changes";
            coordinator.abort("the sender stopped: " + line);
            throw new TransferFailedException(line, null);
        }
    }

    /**
     * Every receiver reported a verified copy; the group-wide flushes (the main group's, then each late
     * wave's) should follow at once.
     */
    private void flush(MulticastChannel channel, LateWaves late, long deadline) throws InterruptedException {
        long left = Math.min(Math.max(TimeUnit.SECONDS.toNanos(5), deadline - System.nanoTime()),
                TimeUnit.SECONDS.toNanos(30));
        Optional<String> incomplete;
        try {
            channel.flushAsync().get(left, TimeUnit.NANOSECONDS);
            incomplete = late.flush(Duration.ofNanos(left));
        } catch (ExecutionException | TimeoutException e) {
            incomplete = Optional.of(Transfers.describe(e));
        }
        incomplete.ifPresent(why -> reporter.warn("every receiver reported a verified copy but the group-wide "
                + "flush did not complete: " + why));
    }

    private static double orZero(Double value) {
        return value == null ? 0 : value;
    }

}
