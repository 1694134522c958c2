package io.robber.rendezvous.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import io.robber.rendezvous.TransferListener;
import io.robber.rendezvous.Trust;
import io.robber.testkit.FuzzStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Receivers' connections on the coordinator's side after the start, r1's and r2's, of a coordinator on
 * an embedded loop: the findings of {@code CoordinatorInboundFuzzTest}'s runs after the start.
 */
class ReceiverConnectionTest {
    private final Coordinator coordinator = new Coordinator(new EmbeddedChannel().eventLoop(), "rendezvous",
            ControlProtocolTest.OFFER, 2, Admission.DISTINCT, TransferListener.SILENT, Duration.ofSeconds(30));
    private final List<String> departed = new ArrayList<>();
    private ReceiverLine r1;
    private ReceiverLine r2;

    @BeforeEach
    void start() throws Exception {
        r1 = new ReceiverLine(coordinator, Trust.NONE);
        r2 = new ReceiverLine(coordinator, Trust.NONE);
        r1.register("r1", "c1", 9000);
        r2.register("r2", "c1", 9001);
        coordinator.start(new ControlMessage.Start("robber", List.of(), ControlProtocolTest.OFFER, null, null),
                (id, why) -> departed.add(id));
    }

    /**
     * r1 reported a failure, which the sender and r2 heard of as its departure, then a verified copy, which
     * replaced the failure: the sender counted as verified a receiver its data channel had declared dead.
     */
    @Test
    void aReceiversFirstOutcomeIsFinal() throws Exception {
        r1.feed(FuzzStream.of(FuzzStream.input(2, 7, frame("{\"type\":\"progress\",\"bytes\":500}"),
                frame("{\"type\":\"done\",\"ok\":false,\"error\":\"disk full\"}"),
                frame("{\"type\":\"done\",\"ok\":true}"))));

        assertThat(coordinator.sessions().get(0).done()).isEqualTo(new ControlMessage.Done(false, "disk full", null));
        assertThat(departed).containsExactly("r1");
        assertThat(r2.received()).contains(new ControlMessage.Departed("r1", "disk full"));
    }

    /**
     * While r1 was away, a peer greeted with another protocol version and, in the same read, registered as
     * r1: the coordinator refused the greeting and closed the connection, but read the registration the
     * decoder went on to, took r1 back on the closed connection, failed to send it the start frame and gave
     * r1 up as lost, so the real r1, restarting, could no longer rejoin.
     */
    @Test
    void framesAfterARefusedGreetingAreNotRead() throws Exception {
        r1.close();
        ReceiverSession session = coordinator.sessions().get(0);
        ReceiverLine stranger = new ReceiverLine(coordinator, Trust.NONE);

        stranger.feed(FuzzStream.of(FuzzStream.input(4, 0,
                ByteBuffer.allocate(8).putInt(ControlChannel.MAGIC).putInt(0xf802).array(),
                registration(), frame("{\"type\":\"progress\",\"bytes\":500}"),
                frame("{\"type\":\"done\",\"ok\":true}"))));

        assertThat(stranger.isOpen()).isFalse();
        assertThat(session.connection).isNotSameAs(stranger.connection());
        assertThat(session.lost()).isNull();
        assertThat(session.away()).isNotNull();
        assertThat(departed).isEmpty();
    }

    /**
     * While r1 was away, a peer sent a registration that is not JSON and, in the same read, a registration
     * as r1: the coordinator failed the connection on the first and closed it, but read the second.
     */
    @Test
    void framesAfterAMalformedRegistrationAreNotRead() throws Exception {
        r1.close();
        ReceiverSession session = coordinator.sessions().get(0);
        ReceiverLine stranger = new ReceiverLine(coordinator, Trust.NONE);

        stranger.feed(FuzzStream.of(FuzzStream.input(4, 0,
                ByteBuffer.allocate(8).putInt(ControlChannel.MAGIC).putInt(ControlChannel.VERSION).array(),
                frame("{\"type\":\"register\",\"robber\":\"1.0\",\"nonce\":"), registration())));

        assertThat(stranger.failures()).singleElement().isInstanceOf(ControlChannel.MalformedControlFrame.class);
        assertThat(session.connection).isNotSameAs(stranger.connection());
        assertThat(session.lost()).isNull();
        assertThat(departed).isEmpty();
    }

    /** r1's registration, as it registers again after a restart. */
    private static byte[] registration() {
        return frame("{\"type\":\"register\",\"robber\":\"1.0\",\"nonce\":\"" + ControlSupport.b64(new byte[32])
                + "\",\"id\":\"r1\",\"cluster\":\"c1\",\"host\":\"127.0.0.1\",\"port\":9000}");
    }

    private static byte[] frame(String json) {
        byte[] payload = json.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(4 + payload.length).putInt(payload.length).put(payload).array();
    }
}
