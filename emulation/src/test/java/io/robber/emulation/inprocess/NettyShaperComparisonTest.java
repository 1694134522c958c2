package io.robber.emulation.inprocess;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.traffic.ChannelTrafficShapingHandler;
import io.netty.handler.traffic.GlobalTrafficShapingHandler;
import io.robber.api.Group;
import io.robber.api.Member;
import io.robber.emulation.model.NodePlacement;
import io.robber.transport.LinkCustomizer;
import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Why the emulation has its own shaper: one flow limited to 1 MB/s by Netty's traffic shapers
 * (1 s check interval) and by a {@link RateBucket}, measured at the receiver over 3 s in 100 ms
 * windows after 1 s of warm-up. A measurement, not a test: run with {@code -Drobber.compareShapers=true}.
 */
@EnabledIfSystemProperty(named = "robber.compareShapers", matches = "true")
class NettyShaperComparisonTest {
    private static final long RATE = 1_000_000;
    private static EventLoopGroup loops;

    @BeforeAll
    static void startLoops() {
        loops = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    }

    @AfterAll
    static void stopLoops() {
        loops.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    void channelTrafficShapingHandler() throws Exception {
        measure("Netty ChannelTrafficShapingHandler", (self, peer, pipeline) -> {
            if (self.cluster().equals("A")) {
                pipeline.addFirst(new ChannelTrafficShapingHandler(RATE, 0, 1000));
            }
        });
    }

    @Test
    void globalTrafficShapingHandler() throws Exception {
        GlobalTrafficShapingHandler global = new GlobalTrafficShapingHandler(loops, RATE, 0, 1000);
        try {
            measure("Netty GlobalTrafficShapingHandler", (self, peer, pipeline) -> {
                if (self.cluster().equals("A")) {
                    pipeline.addFirst(global);
                }
            });
        } finally {
            global.release();
        }
    }

    @Test
    void rateBucket() throws Exception {
        try (EmulatedNetwork network = EmulatedNetwork.create(Models.twoClusters(1, "{\"bandwidth\": \"1MB/s\"}"), 1)) {
            measure("RateBucket (EmulatedNetwork)", network);
        }
    }

    private static void measure(String name, LinkCustomizer links) throws InterruptedException {
        Group group = NodePlacement.group(Models.twoClusters(1, "{}"), 1);
        Member a = group.member(0);
        Member b = group.member(1);
        for (int writeSize : new int[] {64 * 1024, 1 << 20}) {
            measure(name + ", " + (writeSize >> 10) + " KiB writes", links, a, b, writeSize);
        }
    }

    private static void measure(String name, LinkCustomizer links, Member a, Member b, int writeSize)
            throws InterruptedException {
        try (LoopbackFlow flow = LoopbackFlow.open(loops, links, a, b)) {
            flow.pump(writeSize);
            Thread.sleep(1000);
            double[][] windows = Rates.windows(100, 30, flow::received);
            double[] rates = Arrays.stream(windows).mapToDouble(w -> w[0] / 1e6).toArray();
            double mean = Arrays.stream(rates).average().orElseThrow();
            double sd = Math.sqrt(Arrays.stream(rates).map(r -> (r - mean) * (r - mean)).sum() / rates.length);
            double[] seconds = new double[3];
            for (int i = 0; i < rates.length; i++) {
                seconds[i / 10] += rates[i] / 10;
            }
            System.out.printf(Locale.ROOT, "%-56s 3 s: %.3f MB/s (%+.1f %%); 1 s windows: %s;"
                    + " 100 ms windows: min %.2f max %.2f sd %.2f MB/s%n", name, mean, (mean - 1) * 100,
                    Arrays.toString(Arrays.stream(seconds).map(x -> Math.round(x * 1000) / 1000.0).toArray()),
                    Arrays.stream(rates).min().orElseThrow(), Arrays.stream(rates).max().orElseThrow(), sd);
        }
    }
}
