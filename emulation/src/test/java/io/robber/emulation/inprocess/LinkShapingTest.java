package io.robber.emulation.inprocess;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.robber.api.Group;
import io.robber.api.Member;
import io.robber.emulation.model.Network;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Raw TCP flows on loopback through an {@link EmulatedNetwork}: rates, sharing, delay, schedule and
 * backpressure, measured at the receiver after a warm-up. The assertions hold on a busy machine:
 * shaping never lets data through faster or earlier than the link allows, and sharing is fair within a
 * generous ratio; how close to the configured values the emulator comes is measured by
 * {@link ShapingCheck} ({@code robber bench --shaping}), not asserted.
 */
class LinkShapingTest {
    private static final String ONE_MB = "{\"bandwidth\": \"1MB/s\"}";
    private static EventLoopGroup loops;

    @BeforeAll
    static void startLoops() {
        loops = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    }

    @AfterAll
    static void stopLoops() {
        loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    void oneFlowGetsTheLinkRateAndTheSenderQueueStaysSmall() throws Exception {
        try (EmulatedNetwork network = EmulatedNetwork.create(Models.twoClusters(1, ONE_MB), 1);
             LoopbackFlow flow = flow(network, "A0", "B0")) {
            flow.pump();
            Thread.sleep(1000);
            double rate = Rates.over(2500, flow::received)[0];
            assertThat(rate).isBetween(0.3e6, 1.1e6);
            // Queued in the shaper: its mark (64 KiB), one write (64 KiB) and a chunk; never the whole pump.
            long backlog = flow.written() - flow.received();
            assertThat(backlog).isLessThan(256 * 1024);
            assertThat(flow.client().isWritable()).isFalse();
        }
    }

    @Test
    void twoFlowsOnOneLinkShareItEvenly() throws Exception {
        List<ShapingCheck.Measurement> rates = new ShapingCheck(loops).twoFlowsShare();

        assertThat(rates.get(0).measured() / rates.get(1).measured()).isBetween(0.5, 2.0);
        assertThat(rates.get(0).measured() + rates.get(1).measured()).isBetween(0.3, 1.1);
    }

    @Test
    void theReceivingClusterAccessLinkIsSharedAndPushesBackThroughTcp() throws Exception {
        Network model = Models.read("""
                {"name": "access",
                 "clusters": [{"name": "A", "nodes": 2}, {"name": "B", "nodes": 2, "accessIn": "1MB/s"}]}""");
        try (EmulatedNetwork network = EmulatedNetwork.create(model, 1);
             LoopbackFlow one = flow(network, "A0", "B0");
             LoopbackFlow two = flow(network, "A1", "B1")) {
            one.pump();
            two.pump();
            Thread.sleep(1000);
            double[] rates = Rates.over(2500, one::received, two::received);
            assertThat(rates[0] + rates[1]).isBetween(0.3e6, 1.1e6);
            assertThat(rates[0] / rates[1]).isBetween(0.5, 2.0);
            // Held back at the receiver, the senders stop: what waits in kernel and Netty buffers is
            // kilobytes, not the megabytes loopback TCP would buffer on its own.
            assertThat(one.written() - one.received()).isLessThan(512 * 1024);
        }
    }

    @Test
    void smallFramesArriveAfterTheOneWayDelay() throws Exception {
        ShapingCheck.Measurement minimum = new ShapingCheck(loops).oneWayDelay().get(0);

        assertThat(minimum.measured()).isGreaterThanOrEqualTo(minimum.expected());
    }

    @Test
    void aScheduledChangeReRatesTheLink() throws Exception {
        Network model = Models.twoClusters(1, ONE_MB,
                "[{\"at\": \"1500ms\", \"links\": [{\"between\": [\"A\", \"B\"], \"bandwidth\": \"3MB/s\"}]}]");
        try (EmulatedNetwork network = EmulatedNetwork.create(model, 1);
             LoopbackFlow flow = flow(network, "A0", "B0")) {
            long start = System.nanoTime();
            network.start();
            flow.pump();
            Thread.sleep(400);
            long t1 = System.nanoTime();
            long b1 = flow.received();
            Thread.sleep(1000);
            long t2 = System.nanoTime();
            long b2 = flow.received();
            Thread.sleep(Math.max(0, TimeUnit.NANOSECONDS.toMillis(start - System.nanoTime()) + 3000));
            double after = Rates.over(1000, flow::received)[0];

            // The change cannot come before start + 1.5 s; a late wake-up may stretch the first window past it.
            double seconds = (t2 - t1) / 1e9;
            double pastChange = Math.max(0, (t2 - start) / 1e9 - 1.5);
            double before = (b2 - b1) / seconds;
            assertThat((double) (b2 - b1)).isLessThan(1.1e6 * (seconds - pastChange) + 3.3e6 * pastChange);
            assertThat(after).isLessThan(3.3e6);
            assertThat(after / before).isGreaterThan(1.5);
        }
    }

    @Test
    void aFileRegionCrossesAsOneUnitAtTheLinkRate(@TempDir Path dir) throws Exception {
        ShapingCheck.Measurement crossing = new ShapingCheck(loops).fileRegionTime(dir);

        assertThat(crossing.measured()).isGreaterThan(crossing.expected() * 0.9);
    }

    private static LoopbackFlow flow(EmulatedNetwork network, String from, String to) {
        return LoopbackFlow.open(loops, network, member(network, from), member(network, to));
    }

    private static Member member(EmulatedNetwork network, String id) {
        Group group = network.group();
        return group.member(group.indexOf(id));
    }
}
