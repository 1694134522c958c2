package io.robber.datacast.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.LinkProfile;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import io.robber.sim.VirtualClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fabric on loopback sockets: the same schedule as in virtual time, the payloads as bytes. */
class LoopbackFabricTest {
    private static final int MTU = 1500;
    private static final int PACKETS = 40;

    /** Text payloads, for the test. */
    static final PayloadCodec TEXT = new PayloadCodec() {
        @Override
        public void encode(Object payload, ByteBuf out) {
            byte[] bytes = ((String) payload).getBytes(StandardCharsets.UTF_8);
            out.writeInt(bytes.length).writeBytes(bytes);
        }

        @Override
        public Object decode(ByteBuf in) {
            return in.readCharSequence(in.readInt(), StandardCharsets.UTF_8).toString();
        }
    };

    private final BCube bcube = BCube.of(4, 1, LinkProfiles.uniform(new LinkProfile(100_000_000L, 50_000L, 10)));
    private final Network network = bcube.network();

    /** Server 00 → ⟨0,0⟩ → 01 → ⟨1,1⟩ → 11: four hops through two switches and a server relaying. */
    private int[] route() {
        int[] route = new int[4];
        int at = network.node("00").index();
        String[] path = {"<0,0>", "01", "<1,1>", "11"};
        for (int i = 0; i < path.length; i++) {
            int next = network.node(path[i]).index();
            route[i] = network.arc(network.linkBetween(at, next), at);
            at = next;
        }
        return route;
    }

    /** Sends a burst (more than a port's queue holds) at time 0; the arrivals at 11, as "time payload". */
    private List<String> burst(Fabric fabric, VirtualClock clock, List<String> arrivals) {
        int[] route = route();
        fabric.attach(network.node("11").index(), packet -> arrivals.add(clock.now() + " " + packet.payload()));
        for (int i = 0; i < PACKETS; i++) {
            fabric.send(Packet.along(route, i % 2 == 0 ? MTU : 16, "packet " + i));
        }
        return arrivals;
    }

    @Test
    void theLoopbackFabricDeliversTheVirtualTimeScheduleWithThePayloadsAsBytes() throws Exception {
        VirtualClock clock = new VirtualClock();
        Fabric virtual = new Fabric(network, clock, 7);
        List<String> expected = burst(virtual, clock, new ArrayList<>());
        virtual.runUntil(Long.MAX_VALUE);

        List<String> arrivals = new ArrayList<>();
        try (LoopbackFabric loopback = LoopbackFabric.open(network, 7, TEXT, Duration.ofSeconds(30))) {
            Fabric fabric = loopback.fabric();
            boolean done = loopback.run(() -> burst(fabric, fabric.clock(), arrivals),
                    () -> arrivals.size() == expected.size(), Duration.ofMinutes(2));
            assertThat(done).isTrue();
            assertThat(loopback.call(() -> List.copyOf(arrivals))).isEqualTo(expected);
            assertThat(loopback.call(() -> fabric.total(Port::queueDrops)))
                    .isEqualTo(virtual.total(Port::queueDrops)).isPositive();
            assertThat(loopback.wireBytes()).isGreaterThan(4L * expected.size() * "packet 0".length());
        }
        assertThat(expected).as("the first port's queue holds 10 besides the one on the wire").hasSize(11);
    }

    @Test
    void aFrameCarriesItsArrivalTimeRouteAndPayloadAndEqualRoutesComeBackAsOneArray() {
        PacketFrames frames = new PacketFrames(TEXT);
        int[] route = route();
        Packet sent = Packet.along(route, MTU, "hello");
        sent.take();
        sent.take();
        Packet reply = Packet.retracing(sent, 16, "back");
        reply.take();
        ByteBuf wire = Unpooled.buffer();
        frames.write(123_456L, sent, wire);
        frames.write(789L, reply, wire);

        PacketFrames.Frame first = frames.read(wire.skipBytes(4).readSlice(wire.getInt(0)));
        assertThat(first.arrivalNanos()).isEqualTo(123_456L);
        assertThat(first.packet().payload()).isEqualTo("hello");
        assertThat(first.packet().sizeBytes()).isEqualTo(MTU);
        assertThat(first.packet().nextArc()).isEqualTo(route[2]);
        assertThat(first.packet().lastArc()).isEqualTo(route[1]);
        PacketFrames.Frame second = frames.read(wire.readSlice(wire.readInt()));
        assertThat(second.packet().payload()).isEqualTo("back");
        assertThat(second.packet().lastArc()).isEqualTo(route[1] ^ 1);
        assertThat(second.packet().nextArc()).isEqualTo(route[0] ^ 1);
        assertThat(second.packet().route()).isSameAs(first.packet().route()).isNotSameAs(route).isEqualTo(route);
    }
}
