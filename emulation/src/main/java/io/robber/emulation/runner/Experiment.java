package io.robber.emulation.runner;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.api.RobberException;
import io.robber.api.ProtocolOptions;
import io.robber.emulation.EmulationBackend;
import io.robber.emulation.model.MonitoringData;
import io.robber.emulation.model.Network;
import io.robber.metrics.RobberMeters;
import io.robber.transport.LinkCustomizer;
import io.robber.transport.RobberRuntime;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * One multicast of one protocol over one emulated network, measured as the paper measures it: the
 * time from the root's start until the last node holds all data, throughput = size / time, compared
 * with the theoretical maximum; plus WAN bytes per cluster, §4.4 overhead and CPU per node, all from
 * counters rather than estimates. Every protocol is handed the network's reported capacities as
 * monitoring data ({@link ProtocolOptions#MONITORING}); those that plan from it (Balanced
 * Multicasting) see the scenario's initial, or in the error variants wrong, bandwidths.
 */
public final class Experiment implements Emulator {
    /**
     * Settings shared by the runs of a bench; a piece size of 0 picks one from the data size
     * ({@link PieceSizes}); {@code options} are protocol-specific ({@link ProtocolOptions#extra()}).
     */
    public record Settings(int pieceSize, long seed, int ioThreads, int storageThreads, Duration timeout,
                           Map<String, String> options) {
        public Settings {
            options = Map.copyOf(options);
        }

        public Settings(int pieceSize, long seed, int ioThreads, int storageThreads, Duration timeout) {
            this(pieceSize, seed, ioThreads, storageThreads, timeout, Map.of());
        }

        public static Settings defaults() {
            int cores = Runtime.getRuntime().availableProcessors();
            return new Settings(0, 42, cores, Math.max(2, cores), Duration.ofMinutes(30));
        }

        /** The protocol options of a run over {@code network}: its reported capacities and {@link #options()}. */
        public ProtocolOptions protocolOptions(Network network) {
            ProtocolOptions protocolOptions = ProtocolOptions.defaults(seed)
                    .with(ProtocolOptions.MONITORING, MonitoringData.toJson(network.reported()));
            for (Map.Entry<String, String> option : options.entrySet()) {
                protocolOptions = protocolOptions.with(option.getKey(), option.getValue());
            }
            return protocolOptions;
        }

        public int pieceSizeFor(long dataSize) {
            return pieceSize > 0 ? pieceSize : PieceSizes.forDataSize(dataSize);
        }
    }

    private final Settings settings;
    private final Function<Network, EmulationBackend> backends;

    public Experiment(Settings settings, Function<Network, EmulationBackend> backends) {
        this.settings = settings;
        this.backends = backends;
    }

    @Override
    public RunResult run(String scenario, Network network, String protocol, int repeat, double boundBytesPerSecond)
            throws IOException, InterruptedException {
        long size = network.dataSize();
        int pieceSize = settings.pieceSizeFor(size);
        Manifest manifest = Manifest.compute(SyntheticStorage.full(size, pieceSize, settings.seed()), pieceSize);
        WireCounter wire = new WireCounter();
        List<MulticastChannel> channels = new ArrayList<>();
        List<SyntheticStorage> copies = new ArrayList<>();
        try (EmulationBackend backend = backends.apply(network);
             RobberRuntime runtime = RobberRuntime.create(settings.ioThreads(), settings.storageThreads())) {
            Group group = backend.group();
            LinkCustomizer links = (self, peer, pipeline) -> {
                backend.links().customize(self, peer, pipeline);
                wire.customize(self, peer, pipeline);
            };
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            ProtocolOptions options = settings.protocolOptions(network);
            try {
                for (int m = 0; m < group.size(); m++) {
                    channels.add(MulticastChannel.open(ChannelConfig.of(group, group.member(m).id(), protocol)
                            .withRuntime(runtime).withMeters(registry).withLinks(links)
                            .withOptions(options)));
                    copies.add(m == 0 ? SyntheticStorage.full(size, pieceSize, settings.seed())
                            : SyntheticStorage.empty(size, pieceSize, settings.seed()));
                }
                return measure(scenario, protocol, repeat, boundBytesPerSecond, manifest, backend, channels, copies, wire);
            } finally {
                channels.forEach(MulticastChannel::close);
            }
        }
    }

    private RunResult measure(String scenario, String protocol, int repeat, double bound, Manifest manifest,
                              EmulationBackend backend, List<MulticastChannel> channels, List<SyntheticStorage> copies,
                              WireCounter wire) throws InterruptedException {
        Group group = backend.group();
        ThreadCpu cpu = ThreadCpu.snapshot();
        long[] finished = new long[channels.size()];
        List<CompletableFuture<Void>> done = new ArrayList<>();
        long start = System.nanoTime();
        backend.start();
        for (int m = 0; m < channels.size(); m++) {
            int member = m;
            BitSet possession = m == 0 ? manifest.allPieces() : new BitSet();
            done.add(channels.get(m).multicastAsync(manifest, copies.get(m), possession)
                    .thenRun(() -> finished[member] = System.nanoTime()));
        }
        String error = null;
        try {
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new))
                    .get(settings.timeout().toNanos(), TimeUnit.NANOSECONDS);
            for (MulticastChannel ch : channels) {
                ch.flush(Duration.ofMinutes(2));
            }
        } catch (ExecutionException e) {
            error = e.getCause().getMessage();
        } catch (TimeoutException e) {
            error = "not finished after " + settings.timeout().toSeconds() + " s";
        } catch (RobberException e) {
            error = e.getMessage();
        }
        long last = start;
        for (long t : finished) {
            last = Math.max(last, t);
        }
        double seconds = (last - start) / 1e9;
        double cpuPerNode = cpu.secondsSince() / channels.size();
        boolean verified = error == null && copies.stream().allMatch(SyntheticStorage::complete);
        long bytes = manifest.size();
        Map<String, Long> wanIn = new LinkedHashMap<>();
        for (String cluster : group.clusters()) {
            wanIn.put(cluster, 0L);
        }
        for (int m = 0; m < channels.size(); m++) {
            wanIn.merge(group.member(m).cluster(),
                    (long) channels.get(m).meters().bytesIn(RobberMeters.Scope.GLOBAL), Long::sum);
        }
        return RunResult.of(scenario, protocol, repeat, bytes, seconds, bound,
                RunResult.overheadPercent(wire.sentAndReceived(), channels.size(), bytes), cpuPerNode, verified,
                wanIn, error);
    }
}
