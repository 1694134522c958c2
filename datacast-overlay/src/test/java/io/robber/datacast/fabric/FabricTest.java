package io.robber.datacast.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.LinkProfile;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import io.robber.sim.VirtualClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FabricTest {
    private static final int MTU = 1500;

    private final BCube bcube = BCube.of(4, 1, LinkProfiles.uniform(new LinkProfile(1_000_000_000L, 5_000L, 10)));
    private final Network network = bcube.network();
    private final VirtualClock clock = new VirtualClock();
    private final Fabric fabric = new Fabric(network, clock, 42);
    private final List<Long> arrivals = new ArrayList<>();

    /** Server 00 → switch ⟨0,0⟩ → server 01, with a handler at 01 recording arrival times. */
    private int[] route() {
        int from = network.node("00").index();
        int to = network.node("01").index();
        fabric.attach(to, packet -> arrivals.add(clock.now()));
        int up = network.arc(bcube.link(from, 0), from);
        return new int[] {up, network.arc(bcube.link(to, 0), network.head(up))};
    }

    private void burst(int[] route, int packets) {
        for (int i = 0; i < packets; i++) {
            fabric.send(Packet.along(route, MTU, i));
        }
    }

    @Test
    void aPacketCrossesEachHopInItsTransmissionTimePlusTheDelay() {
        int[] route = route();
        fabric.setRate(route[1], 100_000_000L);
        burst(route, 1);
        fabric.runUntil(Long.MAX_VALUE);
        assertThat(arrivals).containsExactly((12_000L + 5_000L) + (120_000L + 5_000L));
    }

    @Test
    void theQueueHoldsNPacketsBesidesTheOneOnTheWireAndDropsTheRest() {
        int[] route = route();
        burst(route, 10 + 2);
        fabric.runUntil(Long.MAX_VALUE);
        assertThat(arrivals).hasSize(11);
        assertThat(fabric.port(route[0]).queueDrops()).isEqualTo(1);
        assertThat(arrivals.get(10) - arrivals.get(0)).isEqualTo(10 * 12_000L);
    }

    @Test
    void aHeaderOnlyPacketOvertakesTheWaitingDataAndStillCountsAgainstTheQueue() {
        int[] route = route();
        List<Object> order = new ArrayList<>();
        fabric.attach(network.node("01").index(), packet -> order.add(packet.payload()));
        burst(route, 5);
        fabric.send(Packet.along(route, Port.CONTROL_BYTES, "interest"));
        burst(route, 10);
        fabric.runUntil(Long.MAX_VALUE);
        assertThat(order).hasSize(11).startsWith(0, "interest", 1, 2, 3, 4);
        assertThat(fabric.port(route[0]).queueDrops()).isEqualTo(5);
    }

    @Test
    void countersAddUp() {
        int[] route = route();
        burst(route, 25);
        fabric.runUntil(Long.MAX_VALUE);
        Port first = fabric.port(route[0]);
        Port second = fabric.port(route[1]);
        assertThat(first.packetsSent() + first.drops()).isEqualTo(25);
        assertThat(first.bytesSent()).isEqualTo(first.packetsSent() * MTU);
        assertThat(second.packetsSent()).isEqualTo(first.packetsSent()).isEqualTo(arrivals.size());
        assertThat(fabric.total(Port::bytesSent)).isEqualTo(2L * arrivals.size() * MTU);
        assertThat(fabric.total(Port::drops)).isEqualTo(25 - arrivals.size());
    }

    @Test
    void aLossRateLosesAboutThatShareAndTheSameSeedLosesTheSamePackets() {
        assertThat(lostOf(2_000, 42)).isBetween(150L, 250L).isEqualTo(lostOf(2_000, 42));
    }

    private long lostOf(int packets, long seed) {
        VirtualClock ownClock = new VirtualClock();
        Fabric own = new Fabric(network, ownClock, seed);
        int from = network.node("00").index();
        int[] route = {network.arc(bcube.link(from, 0), from)};
        own.setLossRate(route[0], 0.1);
        for (int i = 0; i < packets; i++) {
            ownClock.schedule(i * 20_000L, () -> own.send(Packet.along(route, MTU, null)));
        }
        own.runUntil(Long.MAX_VALUE);
        assertThat(own.port(route[0]).packetsSent()).isEqualTo(packets);
        return own.port(route[0]).lossDrops();
    }

    @Test
    void aDownLinkDropsWhatItCarriesAndWhatIsOfferedUntilItIsUpAgain() {
        int[] route = route();
        burst(route, 5);
        fabric.runUntil(30_000L);
        assertThat(arrivals).isEmpty();
        fabric.setLinkUp(Network.linkOf(route[1]), false);
        fabric.runUntil(Long.MAX_VALUE);
        assertThat(arrivals).isEmpty();
        assertThat(fabric.port(route[1]).downDrops()).isEqualTo(5);
        fabric.setLinkUp(Network.linkOf(route[1]), true);
        burst(route, 1);
        fabric.runUntil(Long.MAX_VALUE);
        assertThat(arrivals).hasSize(1);
    }

    @Test
    void aReplyRetracesTheRequestToItsOrigin() {
        int[] route = route();
        int origin = network.tail(route[0]);
        List<Object> answers = new ArrayList<>();
        fabric.attach(network.head(route[1]), request -> fabric.send(Packet.retracing(request, 64, "data")));
        fabric.attach(origin, reply -> answers.add(reply.payload()));
        fabric.send(Packet.along(route, 16, "interest"));
        fabric.runUntil(Long.MAX_VALUE);
        assertThat(answers).containsExactly("data");
        assertThat(fabric.port(route[1] ^ 1).packetsSent()).isEqualTo(1);
        assertThat(fabric.port(route[0] ^ 1).packetsSent()).isEqualTo(1);
    }

    @Test
    void listenersHearALinkGoDownAndUpOnceEach() {
        List<String> changes = new ArrayList<>();
        fabric.onLinkChange((link, up) -> changes.add(link + (up ? " up" : " down")));
        fabric.setLinkUp(3, false);
        fabric.setLinkUp(3, false);
        fabric.setLinkUp(3, true);
        fabric.setLinkUp(4, true);
        assertThat(changes).containsExactly("3 down", "3 up");
    }
}
