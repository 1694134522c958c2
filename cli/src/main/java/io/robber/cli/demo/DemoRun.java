package io.robber.cli.demo;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.api.Storage;
import io.robber.cli.Errors;
import io.robber.cli.convert.DurationConverter;
import io.robber.emulation.bound.ScheduleBound;
import io.robber.emulation.inprocess.EmulatedNetwork;
import io.robber.emulation.model.MonitoringData;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.NodePlacement;
import io.robber.api.ProtocolOptions;
import io.robber.metrics.RobberMeters;
import io.robber.storage.MemoryStorage;
import io.robber.transport.LinkCustomizer;
import io.robber.transport.RobberRuntime;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One demo run: C clusters of M nodes in this JVM, one root holding the data, one multicast
 * operation started on every node at once, then every copy verified against the root's SHA-256.
 */
final class DemoRun {
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);
    private static final long NOT_DONE = -1;
    private static final Logger LOG = LoggerFactory.getLogger(DemoRun.class);

    /** What to run; {@code network} is the emulated WAN, or null for unshaped loopback. */
    record Settings(String protocol, int clusters, int nodesPerCluster, long size, int pieceSize, long seed,
                    Duration timeout, Network network) {
        int nodes() {
            return clusters * nodesPerCluster;
        }
    }

    private final Settings settings;

    DemoRun(Settings settings) {
        this.settings = settings;
    }

    DemoResult run() throws IOException, InterruptedException {
        MemoryStorage rootData = DemoData.generate(settings.size(), settings.seed());
        Manifest manifest = Manifest.compute(rootData, settings.pieceSize());
        byte[] expected = DemoData.sha256(rootData);
        LOG.info("generated {} bytes, {}", settings.size(), manifest);
        List<Storage> storages = new ArrayList<>(settings.nodes());
        storages.add(rootData);
        for (int i = 1; i < settings.nodes(); i++) {
            storages.add(new MemoryStorage(settings.size()));
        }
        int cores = Runtime.getRuntime().availableProcessors();
        try (RobberRuntime runtime = RobberRuntime.create(cores, Math.max(2, 2 * cores))) {
            MeterRegistry registry = new SimpleMeterRegistry();
            Network network = settings.network();
            ProtocolOptions options = network == null ? ProtocolOptions.defaults(settings.seed())
                    : ProtocolOptions.defaults(settings.seed())
                            .with(ProtocolOptions.MONITORING, MonitoringData.toJson(network.reported()));
            AtomicReference<EmulatedNetwork> emulation = new AtomicReference<>();
            List<MulticastChannel> channels = DemoNetwork.openAll(settings.clusters(), settings.nodesPerCluster(),
                    port -> network == null ? DemoNetwork.group(settings.clusters(), settings.nodesPerCluster(), port)
                            : NodePlacement.group(network, port),
                    group -> {
                        LinkCustomizer links = LinkCustomizer.NONE;
                        if (network != null) {
                            EmulatedNetwork wan = new EmulatedNetwork(network, group);
                            Optional.ofNullable(emulation.getAndSet(wan)).ifPresent(EmulatedNetwork::close);
                            links = wan;
                        }
                        LinkCustomizer customizer = links;
                        return group.members().stream()
                                .map(m -> ChannelConfig.of(group, m.id(), settings.protocol(), runtime)
                                        .withOptions(options).withMeters(registry)
                                        .withConnectTimeout(CONNECT_TIMEOUT).withLinks(customizer))
                                .toList();
                    });
            LOG.info("opened {} channels", channels.size());
            try {
                return transfer(channels, storages, manifest, expected, emulation.get());
            } finally {
                channels.forEach(DemoNetwork::closeQuietly);
                Optional.ofNullable(emulation.get()).ifPresent(EmulatedNetwork::close);
                LOG.info("closed {} channels", channels.size());
            }
        }
    }

    private DemoResult transfer(List<MulticastChannel> channels, List<Storage> storages, Manifest manifest,
                                byte[] expected, EmulatedNetwork emulation) throws InterruptedException {
        int n = channels.size();
        AtomicLongArray doneNanos = new AtomicLongArray(n);
        List<CompletableFuture<Void>> operations = new ArrayList<>(n);
        CompletableFuture<Void> firstFailure = new CompletableFuture<>();
        for (int i = 0; i < n; i++) {
            doneNanos.set(i, NOT_DONE);
        }
        long start = System.nanoTime();
        long deadline = start + settings.timeout().toNanos();
        if (emulation != null) {
            emulation.start();
        }
        for (int i = 0; i < n; i++) {
            BitSet possession = i == 0 ? manifest.allPieces() : new BitSet();
            CompletableFuture<Void> operation;
            try {
                operation = channels.get(i).multicastAsync(manifest, storages.get(i), possession);
            } catch (RuntimeException e) {
                operation = CompletableFuture.failedFuture(e);
            }
            int node = i;
            operations.add(operation.whenComplete((ok, failure) -> {
                if (failure == null) {
                    doneNanos.set(node, System.nanoTime() - start);
                } else {
                    firstFailure.completeExceptionally(failure);
                }
            }));
        }

        String runError = awaitAll(operations, firstFailure, deadline, "deliver the data");
        LOG.info("operations done after {} ms: {}", (System.nanoTime() - start) / 1_000_000,
                runError == null ? "ok" : runError);
        boolean anyFailed = operations.stream().anyMatch(CompletableFuture::isCompletedExceptionally);
        String[] errors = nodeErrors(operations, runError != null && !anyFailed);
        if (Arrays.stream(errors).allMatch(e -> e == null)) {
            List<CompletableFuture<Void>> flushes = new ArrayList<>(n);
            for (MulticastChannel channel : channels) {
                flushes.add(channel.flushAsync());
            }
            runError = awaitAll(flushes, new CompletableFuture<>(), deadline, "flush");
            LOG.info("flushed after {} ms", (System.nanoTime() - start) / 1_000_000);
        }
        boolean[] verified = DemoVerifier.verify(storages, expected, errors);
        LOG.info("verified after {} ms", (System.nanoTime() - start) / 1_000_000);
        return result(channels, doneNanos, errors, verified, runError);
    }

    /** Waits until every future is done, one fails or the deadline passes; returns the problem, if any. */
    private String awaitAll(List<CompletableFuture<Void>> futures, CompletableFuture<Void> firstFailure,
                            long deadline, String what) throws InterruptedException {
        CompletableFuture<Void> all = CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new));
        try {
            CompletableFuture.anyOf(all, firstFailure).get(Math.max(0, deadline - System.nanoTime()),
                    TimeUnit.NANOSECONDS);
            return null;
        } catch (ExecutionException e) {
            return "could not " + what + ": " + Errors.describe(e);
        } catch (TimeoutException e) {
            return "could not " + what + " within the timeout of " + DurationConverter.format(settings.timeout())
                    + ": raise --timeout, or lower --size or the node count";
        }
    }

    private static String[] nodeErrors(List<CompletableFuture<Void>> operations, boolean timedOut) {
        String[] errors = new String[operations.size()];
        for (int i = 0; i < errors.length; i++) {
            CompletableFuture<Void> operation = operations.get(i);
            if (operation.isCompletedExceptionally()) {
                errors[i] = Errors.describe(operation.handle((ok, e) -> e).join());
            } else if (!operation.isDone()) {
                errors[i] = timedOut
                        ? "did not finish before the timeout"
                        : "stopped unfinished after another node failed";
            }
        }
        return errors;
    }

    private DemoResult result(List<MulticastChannel> channels, AtomicLongArray doneNanos, String[] errors,
                              boolean[] verified, String runError) {
        Group group = channels.get(0).group();
        List<NodeResult> nodes = new ArrayList<>(channels.size());
        long lastNanos = 0;
        boolean allVerified = runError == null;
        for (int i = 0; i < channels.size(); i++) {
            long nanos = doneNanos.get(i);
            lastNanos = Math.max(lastNanos, nanos);
            RobberMeters meters = channels.get(i).meters();
            nodes.add(new NodeResult(group.member(i).id(), group.member(i).cluster(),
                    nanos == NOT_DONE ? null : seconds(nanos), verified[i],
                    Traffic.in(meters), Traffic.out(meters), Math.round(meters.piecesStolen()), errors[i]));
            allVerified &= verified[i];
        }
        double throughput = lastNanos == 0 ? 0 : Math.round(settings.size() / (lastNanos / 1e9) / 1e6 * 100) / 100.0;
        Network network = settings.network();
        Double bound = network == null ? null : Math.round(ScheduleBound.of(network).rate() / 1e6 * 100) / 100.0;
        Double percent = bound == null ? null : Math.round(1000 * throughput / bound) / 10.0;
        return new DemoResult(settings.protocol(), settings.clusters(), settings.nodesPerCluster(), settings.size(),
                settings.pieceSize(), settings.seed(), seconds(lastNanos), throughput, allVerified, nodes,
                network == null ? null : network.name(), bound, percent, runError);
    }

    /** Nanoseconds as seconds, to the microsecond. */
    private static double seconds(long nanos) {
        return Math.round(nanos / 1e3) / 1e6;
    }
}
