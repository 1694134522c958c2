package io.robber.emulation.runner;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.ProtocolOptions;
import io.robber.engine.Protocols;
import io.robber.emulation.EmulationBackend;
import io.robber.planning.Capacities;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.NodePlacement;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * One multicast of one protocol over one emulated network on real sockets ({@link GroupRun}), with
 * synthetic data verified piece by piece, measured as the paper measures it: the
 * time from the root's start until the last node holds all data, throughput = size / time, compared
 * with the theoretical maximum; plus WAN bytes per cluster, §4.4 overhead and CPU per node, all from
 * counters rather than estimates. Every protocol is handed the network's reported capacities as
 * monitoring data ({@link Capacities#MONITORING}); those that plan from it (Balanced
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
            RuntimeThreads threads = RuntimeThreads.ofThisMachine();
            return new Settings(0, 42, threads.io(), threads.storage(), Duration.ofMinutes(30));
        }

        /** The protocol options of a run over {@code network}: its reported capacities and {@link #options()}. */
        public ProtocolOptions protocolOptions(Network network) {
            ProtocolOptions protocolOptions = ProtocolOptions.defaults(seed)
                    .with(Capacities.MONITORING, network.reported());
            for (Map.Entry<String, String> option : options.entrySet()) {
                protocolOptions = protocolOptions.with(option.getKey(), option.getValue());
            }
            return protocolOptions;
        }

        /**
         * Plans {@code protocol} for {@code network}'s group with {@link #protocolOptions}, as a run in this
         * JVM does, so that a bad option fails before any run.
         *
         * @throws IllegalArgumentException naming the option and the valid ones
         */
        public void checkOptions(Network network, String protocol) {
            Protocols.plan(Protocols.byName(protocol), NodePlacement.group(network, 0), protocolOptions(network));
        }

        /** Fails when {@link #options()} are given to {@code backend}, whose robber processes take none. */
        public void requireNoOptions(String backend) {
            if (!options.isEmpty()) {
                throw new IllegalArgumentException("the " + backend + " backend runs robber processes, which take no "
                        + "protocol options, got " + options.keySet() + ": drop them or run on inprocess or virtual");
            }
        }

        public int pieceSizeFor(long dataSize) {
            return pieceSize > 0 ? pieceSize : PieceSizes.forDataSize(dataSize);
        }
    }

    private final Settings settings;
    private final BiFunction<Network, Group, EmulationBackend> backends;

    /** Runs over the network that {@code backends} imposes on the scenario's group. */
    public Experiment(Settings settings, BiFunction<Network, Group, EmulationBackend> backends) {
        this.settings = settings;
        this.backends = backends;
    }

    @Override
    public void check(Network network, String protocol) {
        settings.checkOptions(network, protocol);
    }

    @Override
    public RunResult run(String scenario, Network network, String protocol, int repeat, double boundBytesPerSecond)
            throws IOException, InterruptedException {
        long size = network.dataSize();
        int pieceSize = settings.pieceSizeFor(size);
        Manifest manifest = Manifest.compute(SyntheticStorage.full(size, pieceSize, settings.seed()), pieceSize);
        int nodes = NodePlacement.group(network, 0).size();
        List<SyntheticStorage> copies = SyntheticStorage.group(size, pieceSize, settings.seed(), nodes);
        GroupRun.Setup setup = new GroupRun.Setup(protocol, settings.protocolOptions(network), manifest, copies,
                settings.timeout(), settings.ioThreads(), settings.storageThreads());
        GroupOutcome outcome = GroupRun.run(port -> NodePlacement.group(network, port),
                group -> backends.apply(network, group), setup, errors -> {
                    boolean[] verified = new boolean[copies.size()];
                    for (int m = 0; m < verified.length; m++) {
                        verified[m] = errors[m] == null && copies.get(m).complete();
                    }
                    return verified;
                });
        return RunResult.of(scenario, protocol, repeat, outcome, size, manifest.pieceCount(), boundBytesPerSecond,
                NodePlacement.group(network, 0));
    }
}
