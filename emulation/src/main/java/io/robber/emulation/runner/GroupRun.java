package io.robber.emulation.runner;

import io.robber.api.RobberException;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.robber.api.ChannelConfig;
import io.robber.api.ChannelMeters;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.Member;
import io.robber.api.MulticastChannel;
import io.robber.api.ProtocolOptions;
import io.robber.api.Storage;
import io.robber.emulation.EmulationBackend;
import io.robber.metrics.RobberMeters;
import io.robber.transport.LinkCustomizer;
import io.robber.transport.RobberRuntime;
import io.robber.transport.RobberTransport;
import io.robber.transport.TransportOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way to run a group in this JVM on real sockets: every member's channel on its loopback
 * address, the network imposed by an {@link EmulationBackend}, one multicast from member 0 (the root,
 * holding everything) started on every node at once, then every channel flushed and every copy
 * checked. Measures each node's completion time and traffic, the wire bytes of all connections and
 * the CPU time of Robber's threads.
 */
public final class GroupRun {
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);
    private static final long NOT_DONE = -1;
    private static final Logger LOG = LoggerFactory.getLogger(GroupRun.class);

    /**
     * What to run.
     *
     * @param copies         each member's storage, in group order; member 0's holds the data
     * @param timeout        for delivery and flush together
     * @param ioThreads      event loops of the shared runtime
     * @param storageThreads storage threads of the shared runtime
     */
    public record Setup(String protocol, ProtocolOptions options, Manifest manifest, List<? extends Storage> copies,
                        Duration timeout, int ioThreads, int storageThreads) {
        public Setup {
            copies = List.copyOf(copies);
        }
    }

    /** Checks the copies at the end: which are right, given the nodes' errors (null: none). */
    @FunctionalInterface
    public interface Verifier {
        boolean[] verify(String[] errors) throws InterruptedException;
    }

    private final Setup setup;

    private GroupRun(Setup setup) {
        this.setup = setup;
    }

    /**
     * Runs {@code setup} on a group that {@code groupOnPort} places on a port free on all its
     * addresses, over the network {@code backendFor} imposes on it; retries on a fresh port when one
     * is taken between probing and binding.
     */
    public static GroupOutcome run(IntFunction<Group> groupOnPort, Function<Group, EmulationBackend> backendFor,
                                   Setup setup, Verifier verifier) throws InterruptedException {
        Group layout = groupOnPort.apply(0);
        if (layout.size() != setup.copies().size()) {
            throw new IllegalArgumentException("the group has " + layout.size() + " members, the setup "
                    + setup.copies().size() + " copies");
        }
        List<String> hosts = LoopbackChannels.hosts(layout);
        GroupRun run = new GroupRun(setup);
        try (RobberRuntime runtime = RobberRuntime.create(setup.ioThreads(), setup.storageThreads())) {
            for (int attempt = 1; ; attempt++) {
                Group group = groupOnPort.apply(LoopbackChannels.probePort(hosts));
                try (EmulationBackend backend = backendFor.apply(group)) {
                    WireCounter wire = new WireCounter();
                    LinkCustomizer links = (self, peer, pipeline) -> {
                        backend.links().customize(self, peer, pipeline);
                        wire.customize(self, peer, pipeline);
                    };
                    MeterRegistry registry = new SimpleMeterRegistry();
                    List<MulticastChannel> channels;
                    try {
                        channels = LoopbackChannels.openParallel(group,
                                member -> run.open(group, member, runtime, registry, links));
                    } catch (LoopbackChannels.PortInUse e) {
                        if (attempt == LoopbackChannels.ATTEMPTS) {
                            throw EmulationFailure.failed("cannot listen on " + e.address + ": the port is in use ("
                                    + LoopbackChannels.ATTEMPTS + " ports tried); free some ports or rerun", e);
                        }
                        LOG.warn("port in use on {}; retrying on another port", e.address);
                        continue;
                    }
                    LOG.info("opened {} channels", channels.size());
                    try {
                        return run.transfer(group, channels, backend, wire, registry, verifier);
                    } finally {
                        channels.forEach(LoopbackChannels::closeQuietly);
                    }
                }
            }
        }
    }

    /** The one place a runner opens a channel: the member's configuration with the shared runtime, meters and links. */
    private MulticastChannel open(Group group, Member self, RobberRuntime runtime, MeterRegistry registry,
                                  LinkCustomizer links) {
        return RobberTransport.open(ChannelConfig.of(group, self.id(), setup.protocol())
                .withOptions(setup.options()).withMeters(registry).withConnectTimeout(CONNECT_TIMEOUT),
                TransportOptions.defaults(runtime).withLinks(links));
    }

    private GroupOutcome transfer(Group group, List<MulticastChannel> channels, EmulationBackend backend,
                                  WireCounter wire, MeterRegistry registry, Verifier verifier)
            throws InterruptedException {
        int n = channels.size();
        Manifest manifest = setup.manifest();
        AtomicLongArray doneNanos = new AtomicLongArray(n);
        List<CompletableFuture<Void>> operations = new ArrayList<>(n);
        CompletableFuture<Void> firstFailure = new CompletableFuture<>();
        for (int i = 0; i < n; i++) {
            doneNanos.set(i, NOT_DONE);
        }
        ThreadCpu cpu = ThreadCpu.snapshot();
        long start = System.nanoTime();
        long deadline = start + setup.timeout().toNanos();
        backend.start();
        for (int i = 0; i < n; i++) {
            BitSet possession = i == 0 ? manifest.allPieces() : new BitSet();
            CompletableFuture<Void> operation;
            try {
                operation = channels.get(i).multicastAsync(manifest, setup.copies().get(i), possession);
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
        if (runError == null && !anyFailed) {
            List<CompletableFuture<Void>> flushes = new ArrayList<>(n);
            for (MulticastChannel channel : channels) {
                flushes.add(channel.flushAsync());
            }
            runError = awaitAll(flushes, new CompletableFuture<>(), deadline, "flush");
        }
        double cpuPerNode = cpu.secondsSince() / n;
        boolean[] verified = verifier.verify(errors);
        List<NodeResult> nodes = new ArrayList<>(n);
        long last = 0;
        for (int i = 0; i < n; i++) {
            long nanos = doneNanos.get(i);
            last = Math.max(last, nanos);
            ChannelMeters meters = channels.get(i).meters();
            nodes.add(new NodeResult(group.member(i).id(), group.member(i).cluster(),
                    nanos == NOT_DONE ? null : GroupOutcome.seconds(nanos), verified[i], Traffic.in(meters),
                    Traffic.out(meters), Math.round(meters.piecesStolen()), errors[i]));
        }
        long messages = Math.round(registry.find(RobberMeters.MESSAGES_OUT).counters().stream()
                .mapToDouble(c -> c.count()).sum());
        return new GroupOutcome(nodes, GroupOutcome.seconds(last), cpuPerNode, wire.sentAndReceived(), messages,
                runError);
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
            return "could not " + what + ": " + RobberException.describe(e);
        } catch (TimeoutException e) {
            return "could not " + what + " within the timeout of " + setup.timeout().toSeconds()
                    + " s: raise the timeout, or lower the data size or the node count";
        }
    }

    private static String[] nodeErrors(List<CompletableFuture<Void>> operations, boolean timedOut) {
        String[] errors = new String[operations.size()];
        for (int i = 0; i < errors.length; i++) {
            CompletableFuture<Void> operation = operations.get(i);
            if (operation.isCompletedExceptionally()) {
                errors[i] = RobberException.describe(operation.handle((ok, e) -> e).join());
            } else if (!operation.isDone()) {
                errors[i] = timedOut
                        ? "did not finish before the timeout"
                        : "stopped unfinished after another node failed";
            }
        }
        return errors;
    }
}
