package io.robber.emulation.inprocess;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.robber.api.Group;
import io.robber.api.Member;
import io.robber.emulation.EmulationBackend;
import io.robber.planning.Capacities;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.NodePlacement;
import io.robber.transport.LinkCustomizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleFunction;

/**
 * The in-process backend: a {@link Network} imposed on real loopback connections between nodes of
 * one JVM. Each member of the group is placed at (cluster, rank) of the model — its cluster by name,
 * its rank as its collective rank in the group — and every connection between two clusters gets the
 * chain of the Robber paper's Fig. 7: sender's NIC out → cluster out → pair bandwidth → pair delay
 * (on the sending side) → cluster in → receiver's NIC in (on the receiving side). Connections inside
 * a cluster are left alone. Every link is one {@link RateBucket} shared by all connections crossing
 * it; {@link #start()} runs the model's schedule from the moment the multicast starts.
 */
public final class EmulatedNetwork implements EmulationBackend, LinkCustomizer {
    /**
     * Kernel buffers of a connection between clusters. Loopback TCP would grow them to megabytes,
     * and bytes in them wait outside the emulated links — seconds at 1 MB/s, more on one host than
     * another — so the queues of the emulation are the shapers' bounded ones, not the kernel's.
     */
    static final int SOCKET_BUFFER = 64 * 1024;

    private final Network network;
    private final Group group;
    private final NodePlacement placement;
    /** Null where the model leaves the link unlimited; schedules change pair bandwidths only. */
    private final RateBucket[][] nodeOut;
    private final RateBucket[][] nodeIn;
    private final RateBucket[] accessOut;
    private final RateBucket[] accessIn;
    private final RateBucket[][] pair;
    /** [from][to] raw bytes received by cluster {@code to} from cluster {@code from}. */
    private final ByteCounter[][] received;
    private ScheduledExecutorService clock;
    private long startNanos;

    /** Emulates {@code network} between the members of {@code group}, whose cluster names are the model's. */
    public EmulatedNetwork(Network network, Group group) {
        this.network = network;
        this.group = group;
        Capacities caps = network.at(0);
        int clusters = caps.clusterCount();
        placement = NodePlacement.of(network, group);
        nodeOut = new RateBucket[clusters][];
        nodeIn = new RateBucket[clusters][];
        accessOut = new RateBucket[clusters];
        accessIn = new RateBucket[clusters];
        pair = new RateBucket[clusters][clusters];
        received = new ByteCounter[clusters][clusters];
        for (int c = 0; c < clusters; c++) {
            nodeOut[c] = new RateBucket[caps.nodes(c)];
            nodeIn[c] = new RateBucket[caps.nodes(c)];
            for (int r = 0; r < caps.nodes(c); r++) {
                nodeOut[c][r] = limited(caps.nodeOut()[c][r], RateBucket::sending);
                nodeIn[c][r] = limited(caps.nodeIn()[c][r], RateBucket::receiving);
            }
            accessOut[c] = limited(caps.accessOut()[c], RateBucket::sending);
            accessIn[c] = limited(caps.accessIn()[c], RateBucket::receiving);
            for (int d = 0; d < clusters; d++) {
                if (c != d) {
                    pair[c][d] = RateBucket.sending(caps.bandwidth()[c][d]);
                    received[c][d] = new ByteCounter();
                }
            }
        }
    }

    /** The network with the group {@link NodePlacement#group(Network, int)} builds for it on {@code port}. */
    public static EmulatedNetwork create(Network network, int port) {
        return new EmulatedNetwork(network, NodePlacement.group(network, port));
    }

    /** The link of {@code rate}, or null for an unlimited one. */
    private static RateBucket limited(double rate, DoubleFunction<RateBucket> link) {
        return Double.isInfinite(rate) ? null : link.apply(rate);
    }

    public Network network() {
        return network;
    }

    public Group group() {
        return group;
    }

    /** The handlers to install on every connection ({@code TransportOptions.withLinks}): this network. */
    public LinkCustomizer links() {
        return this;
    }

    @Override
    public void customize(Member self, Member peer, ChannelPipeline pipeline) {
        int s = group.indexOf(self.id());
        int home = placement.cluster(s);
        int away = placement.cluster(group.indexOf(peer.id()));
        if (home == away) {
            return;
        }
        pipeline.channel().config().setOption(ChannelOption.SO_SNDBUF, SOCKET_BUFFER);
        pipeline.channel().config().setOption(ChannelOption.SO_RCVBUF, SOCKET_BUFFER);
        List<ChannelHandler> handlers = new ArrayList<>();
        long delay = network.nominal().delay()[home][away];
        if (delay > 0) {
            handlers.add(new DelayLine(delay));
        }
        handlers.add(new OutboundShaper(path(nodeOut[home][placement.rank(s)], accessOut[home], pair[home][away])));
        handlers.add(received[away][home]);
        BucketPath in = path(accessIn[home], nodeIn[home][placement.rank(s)]);
        if (!in.isEmpty()) {
            handlers.add(new InboundShaper(in));
        }
        pipeline.addFirst(handlers.toArray(ChannelHandler[]::new));
    }

    private static BucketPath path(RateBucket... buckets) {
        List<RateBucket> links = new ArrayList<>();
        for (RateBucket b : buckets) {
            if (b != null) {
                links.add(b);
            }
        }
        return new BucketPath(links);
    }

    /**
     * Time zero of the schedule: call it when the multicast starts. From then on each change of the
     * model takes effect at its time, on one timer thread, until {@link #close()}.
     */
    public synchronized void start() {
        if (clock != null) {
            throw new IllegalStateException("the emulated network " + network.name() + " has already started");
        }
        clock = new ScheduledThreadPoolExecutor(1, new DefaultThreadFactory("robber-emulation-schedule", true));
        startNanos = System.nanoTime();
        apply(network.at(0));
        scheduleAfter(0);
    }

    private void scheduleAfter(long after) {
        long next = network.nextChange(after);
        if (next < 0) {
            return;
        }
        clock.schedule(() -> {
            apply(network.at(next));
            scheduleAfter(next);
        }, startNanos + next - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    private void apply(Capacities caps) {
        long now = System.nanoTime();
        for (int c = 0; c < caps.clusterCount(); c++) {
            for (int d = 0; d < caps.clusterCount(); d++) {
                if (c != d) {
                    pair[c][d].setRate(caps.bandwidth()[c][d], now);
                }
            }
        }
    }

    /** Raw bytes (payload, headers, control) received so far by cluster {@code to} from cluster {@code from}. */
    public long wanBytes(String from, String to) {
        List<String> clusters = network.nominal().clusters();
        int c = clusters.indexOf(from);
        int d = clusters.indexOf(to);
        if (c < 0 || d < 0 || c == d) {
            throw new IllegalArgumentException("no WAN link from '" + from + "' to '" + to + "'; clusters are "
                    + clusters);
        }
        return received[c][d].bytes();
    }

    /** Raw bytes each cluster received from all other clusters so far, in cluster order. */
    public Map<String, Long> wanBytesIn() {
        List<String> clusters = network.nominal().clusters();
        Map<String, Long> in = new LinkedHashMap<>();
        for (int d = 0; d < clusters.size(); d++) {
            long sum = 0;
            for (int c = 0; c < clusters.size(); c++) {
                sum += c == d ? 0 : received[c][d].bytes();
            }
            in.put(clusters.get(d), sum);
        }
        return in;
    }

    /** Stops the schedule; the buckets keep their last rates for connections still open. */
    @Override
    public synchronized void close() {
        if (clock != null) {
            clock.shutdownNow();
        }
    }
}
