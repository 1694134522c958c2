package io.robber.emulation.inprocess;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.DefaultFileRegion;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.FixedLengthFrameDecoder;
import io.robber.api.Group;
import io.robber.api.Member;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.NetworkModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How exactly the in-process emulator shapes and delays, measured on raw TCP flows over loopback:
 * one flow's rate, two flows sharing a link, the one-way delay of small frames and a file region's
 * crossing time. A benchmark, not a test: on a busy machine the numbers drift, so tests assert only
 * what shaping guarantees (never faster, never earlier) and this reports the precision.
 */
public final class ShapingCheck {
    private static final double LINK_RATE = 1e6;
    private static final double DELAY_MS = 20;
    private static final int FILE_BYTES = 300_000;
    private static final int FRAMES = 40;
    private static final String ONE_MB = "{\"bandwidth\": \"1MB/s\"}";

    /** One measured quantity against what the emulated network was told. */
    public record Measurement(String name, String unit, double expected, double measured) {
        /** Signed error in percent of the expected value. */
        public double errorPercent() {
            return (measured - expected) / expected * 100;
        }
    }

    private final EventLoopGroup loops;

    public ShapingCheck(EventLoopGroup loops) {
        this.loops = loops;
    }

    /** Runs every measurement (about 12 s). */
    public List<Measurement> run(Path scratch) throws InterruptedException, IOException {
        List<Measurement> all = new ArrayList<>();
        all.add(oneFlowRate());
        all.addAll(twoFlowsShare());
        all.addAll(oneWayDelay());
        all.add(fileRegionTime(scratch));
        return all;
    }

    Measurement oneFlowRate() throws InterruptedException {
        try (EmulatedNetwork network = EmulatedNetwork.create(twoClusters(1, ONE_MB), 1);
             LoopbackFlow flow = flow(network, "A0", "B0")) {
            flow.pump();
            Thread.sleep(1000);
            return new Measurement("one flow, 1 MB/s link", "MB/s", 1, Rates.over(2500, flow::received)[0] / 1e6);
        }
    }

    List<Measurement> twoFlowsShare() throws InterruptedException {
        try (EmulatedNetwork network = EmulatedNetwork.create(twoClusters(2, ONE_MB), 1);
             LoopbackFlow one = flow(network, "A0", "B0");
             LoopbackFlow two = flow(network, "A1", "B1")) {
            one.pump();
            two.pump();
            Thread.sleep(1000);
            double[] rates = Rates.over(2500, one::received, two::received);
            return List.of(new Measurement("two flows, first", "MB/s", 0.5, rates[0] / 1e6),
                    new Measurement("two flows, second", "MB/s", 0.5, rates[1] / 1e6));
        }
    }

    List<Measurement> oneWayDelay() throws InterruptedException {
        List<Long> delays = Collections.synchronizedList(new ArrayList<>());
        Network model = twoClusters(1, "{\"delay\": \"" + (int) DELAY_MS + "ms\"}");
        try (EmulatedNetwork network = EmulatedNetwork.create(model, 1);
             LoopbackFlow flow = LoopbackFlow.open(loops, network, member(network, "A0"), member(network, "B0"),
                     pipeline -> pipeline.addLast(new FixedLengthFrameDecoder(8),
                             new SimpleChannelInboundHandler<ByteBuf>() {
                                 @Override
                                 protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) {
                                     delays.add(System.nanoTime() - frame.readLong());
                                 }
                             }))) {
            for (int i = 0; i < FRAMES; i++) {
                flow.client().writeAndFlush(flow.client().alloc().buffer(8).writeLong(System.nanoTime()));
                Thread.sleep(10);
            }
            Thread.sleep(200);
        }
        List<Long> sorted = delays.stream().sorted().toList();
        if (sorted.size() != FRAMES) {
            throw new IllegalStateException(sorted.size() + " of " + FRAMES + " frames arrived");
        }
        return List.of(new Measurement("one-way delay, minimum", "ms", DELAY_MS, sorted.get(0) / 1e6),
                new Measurement("one-way delay, median", "ms", DELAY_MS, sorted.get(sorted.size() / 2) / 1e6));
    }

    Measurement fileRegionTime(Path scratch) throws InterruptedException, IOException {
        Path file = Files.createTempFile(scratch, "shaping", ".bin");
        try {
            Files.write(file, new byte[FILE_BYTES]);
            try (EmulatedNetwork network = EmulatedNetwork.create(twoClusters(1, ONE_MB), 1);
                 LoopbackFlow flow = flow(network, "A0", "B0")) {
                long start = System.nanoTime();
                flow.client().writeAndFlush(new DefaultFileRegion(file.toFile(), 0, FILE_BYTES)).sync();
                while (flow.received() < FILE_BYTES && System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5)) {
                    Thread.sleep(1);
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                if (flow.received() != FILE_BYTES) {
                    throw new IllegalStateException("the file region did not arrive whole: " + flow.received()
                            + " of " + FILE_BYTES + " bytes after " + seconds + " s");
                }
                // The idle link's burst (5 ms at its rate) passes at once; the rest takes its time at the link rate.
                double expected = (FILE_BYTES - LINK_RATE * RateBucket.BURST_NANOS / 1e9) / LINK_RATE;
                return new Measurement("300 kB file region, 1 MB/s link", "s", expected, seconds);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private LoopbackFlow flow(EmulatedNetwork network, String from, String to) {
        return LoopbackFlow.open(loops, network, member(network, from), member(network, to));
    }

    private static Member member(EmulatedNetwork network, String id) {
        Group group = network.group();
        return group.member(group.indexOf(id));
    }

    /** Clusters A and B of {@code nodes} each, joined by the WAN link {@code wan} (JSON of the model's fields). */
    static Network twoClusters(int nodes, String wan) {
        String json = """
                {"name": "shaping", "dataSize": "2MB",
                 "clusters": [{"name": "A", "nodes": %d}, {"name": "B", "nodes": %d}],
                 "wan": %s}""".formatted(nodes, nodes, wan);
        try {
            return NetworkModel.parse(json).resolve();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
