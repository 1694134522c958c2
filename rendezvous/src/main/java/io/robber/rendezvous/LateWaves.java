package io.robber.rendezvous;

import io.micrometer.core.instrument.MeterRegistry;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.Member;
import io.robber.api.MulticastChannel;
import io.robber.api.Storage;
import io.robber.rendezvous.control.ControlMessage;
import io.robber.rendezvous.control.Coordinator;
import io.robber.rendezvous.control.Registration;
import io.robber.rendezvous.control.Wave;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The root's side of the late joiners of a transfer that started without every expected receiver
 * ({@code --start-after}, {@code --min-receivers}). The group of a running transfer is fixed, since the
 * protocols plan their collectives and work division from it; so each {@link Wave} of late joiners the
 * coordinator forms gets a data channel of its own, on a free port of the root's host: a group of the
 * root and the wave's receivers, the same manifest, the same protocol. The root serves every wave beside
 * the main group; the receivers of a wave exchange pieces among themselves as any group does.
 */
final class LateWaves implements AutoCloseable {
    /** How long the first late joiner waits for others to share its wave. */
    static final Duration BATCH = Duration.ofSeconds(1);

    /** One wave's data channel on the root, and its operation. */
    private record Served(MulticastChannel channel, CompletableFuture<Void> operation, CompletableFuture<Void> ended) {
    }

    private final RootTransfer.Settings settings;
    private final Coordinator coordinator;
    private final TransferListener reporter;
    private final MeterRegistry registry;
    private final Manifest manifest;
    private final Storage storage;
    private final List<ControlMessage.ManifestPart> parts;
    private final Function<Group, ControlMessage.Start> startFrame;
    private final List<Served> served = new ArrayList<>();

    LateWaves(RootTransfer.Settings settings, Coordinator coordinator, TransferListener reporter, MeterRegistry registry,
              Manifest manifest, Storage storage, List<ControlMessage.ManifestPart> parts,
              Function<Group, ControlMessage.Start> startFrame) {
        this.settings = settings;
        this.coordinator = coordinator;
        this.reporter = reporter;
        this.registry = registry;
        this.manifest = manifest;
        this.storage = storage;
        this.parts = parts;
        this.startFrame = startFrame;
    }

    /** Starts serving the next wave of late joiners, if the coordinator has formed one. */
    void tick() {
        coordinator.lateWave(BATCH).ifPresent(this::serve);
    }

    private void serve(Wave wave) {
        List<Registration> receivers = wave.registrations();
        Member self = settings.self();
        String host = self.address().getHostString();
        MulticastChannel channel;
        Group group;
        try (DataPort port = DataPort.reserve(host, "--listen")) {
            group = new Group(Sender.order(Member.of(self.id(), self.cluster(), host, port.port()), receivers));
            port.close();
            channel = Channels.open(group, self.id(), settings.protocol(), registry, settings.trust(),
                    settings.failureTimeout(), settings.maxRate());
        } catch (RuntimeException e) {
            String why = "the sender cannot serve late joiners: " + Transfers.describe(e);
            reporter.warn(why);
            coordinator.abort(wave, why);
            return;
        }
        reporter.info("late joiners " + receivers.stream().map(Registration::id).collect(Collectors.joining(", "))
                + ": serving them on a data channel of their own, "
                + Addresses.format(group.member(group.indexOf(self.id())).address()));
        coordinator.start(wave, parts, startFrame.apply(group),
                (id, why) -> channel.declareDead(id, "left the transfer: " + why));
        served.add(new Served(channel, channel.multicastAsync(manifest, storage, manifest.allPieces()),
                channel.flushAsync()));
    }

    /** Every wave's data channel has seen all its members hold every piece, or failed. */
    boolean dataEnded() {
        return served.stream().allMatch(s -> s.ended().isDone());
    }

    /** Why the root's side of a wave failed, the first one that did; empty while none did. */
    Optional<Throwable> failure() {
        return served.stream().map(Served::operation).filter(CompletableFuture::isCompletedExceptionally)
                .map(f -> f.handle((v, e) -> e).join()).findFirst();
    }

    /** Waits up to {@code limit} for every wave's group-wide flush; says which did not complete. */
    Optional<String> flush(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        for (Served s : served) {
            try {
                s.channel().flushAsync().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (ExecutionException | TimeoutException e) {
                return Optional.of(Transfers.describe(e));
            }
        }
        return Optional.empty();
    }

    @Override
    public void close() {
        served.forEach(s -> s.channel().close());
    }
}
