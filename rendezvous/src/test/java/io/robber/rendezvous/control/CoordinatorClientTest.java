package io.robber.rendezvous.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.Unpooled;
import io.robber.rendezvous.ConfigurationException;
import io.robber.rendezvous.Secret;
import io.robber.rendezvous.TransferFailedException;
import io.robber.rendezvous.Trust;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a receiver's {@link CoordinatorClient} makes of a coordinator's frames that lack what it acts
 * on: the findings of {@code CoordinatorClientFuzzTest}, each a malformed frame where it was a
 * {@link NullPointerException} or an {@link IllegalArgumentException} in the receiver, or a reading
 * thread that died and left the transfer's end open.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class CoordinatorClientTest {
    private static final Secret SECRET = Secret.of("s3cret".getBytes(StandardCharsets.UTF_8));
    private static final String OFFER = "\"offer\":{\"name\":\"data.bin\",\"kind\":\"file\",\"size\":96,\"files\":1}";
    private static final String HELLO = "{\"type\":\"hello\",\"auth\":false," + OFFER + "}";
    private static final String ACCEPTED = "{\"type\":\"accepted\",\"registered\":1,\"expected\":2}";
    private static final String START = "{\"type\":\"start\",\"protocol\":\"robber\",\"members\":[]," + OFFER
            + ",\"manifest\":{\"size\":0,\"pieceSize\":32,\"parts\":0}}";

    /**
     * While nobody listens the receiver says how long it goes on trying, in whole seconds: a reconnection
     * waits what is left of the failure timeout, which must read {@code 6s}, not {@code 5500ms}. The
     * wait leaves a stalled machine seconds for the first round, which says it.
     */
    @Test
    void waitingForTheCoordinatorSaysHowLongInWholeSeconds() throws IOException {
        InetSocketAddress closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = (InetSocketAddress) socket.getLocalSocketAddress();
        }
        List<String> said = new CopyOnWriteArrayList<>();

        assertThatThrownBy(() -> CoordinatorClient.connect(List.of(closed), Duration.ofMillis(5500), Trust.NONE,
                ControlChannel.VERSION, said::add)).isInstanceOf(TransferFailedException.class)
                .hasMessageContaining("unreachable after 5500ms");
        assertThat(said).first().asString().startsWith("waiting for the coordinator")
                .endsWith("; retrying until 6s have passed");
    }

    @Test
    void aHelloThatOffersNothingIsMalformed() {
        assertThatThrownBy(() -> greet(null, "{\"type\":\"hello\",\"robber\":\"0.1.0\"}"))
                .isInstanceOf(ControlChannel.MalformedControlFrame.class).hasMessageContaining("without offering");
    }

    @Test
    void aHelloThatAsksForTheSecretWithoutAUsableNonceIsMalformed() {
        assertThatThrownBy(() -> greet(SECRET, "{\"type\":\"hello\",\"auth\":true,\"nnce\":\"AAAA\"," + OFFER + "}"))
                .isInstanceOf(ControlChannel.MalformedControlFrame.class);
        assertThatThrownBy(() -> greet(SECRET, "{\"type\":\"hello\",\"auth\":true,\"nonce\":\"not base64!\"," + OFFER + "}"))
                .isInstanceOf(ControlChannel.MalformedControlFrame.class);
    }

    @Test
    void aDepartureOfNoMemberBeforeTheStartIsMalformed() throws IOException {
        try (CoordinatorClient client = greet(null, HELLO, ACCEPTED,
                "{\"type\":\"departed\",\"reason\":\"its connection closed\"}")) {
            client.register("r1", "c1", "127.0.0.1", 9000, null);

            assertThatThrownBy(() -> client.awaitStart(waiting -> { })).isInstanceOf(TransferFailedException.class)
                    .hasCauseInstanceOf(ControlChannel.MalformedControlFrame.class);
        }
    }

    @Test
    void aDepartureOfNoMemberAfterTheStartEndsTheTransferAsMalformed() throws IOException {
        try (CoordinatorClient client = greet(null, HELLO, ACCEPTED, START,
                "{\"type\":\"departed\",\"reason\":\"its connection closed\"}",
                "{\"type\":\"finish\",\"failed\":[]}")) {
            client.register("r1", "c1", "127.0.0.1", 9000, null);
            client.awaitStart(waiting -> { });
            List<ControlMessage.Departed> departed = new CopyOnWriteArrayList<>();
            client.departures(departed::add);

            assertThatThrownBy(() -> client.end().join()).isInstanceOf(CompletionException.class)
                    .hasCauseInstanceOf(ControlChannel.MalformedControlFrame.class);
            assertThat(departed).isEmpty();
        }
    }

    @Test
    void aFinishThatDoesNotSayWhoFailedIsMalformed() throws IOException {
        try (CoordinatorClient client = greet(null, HELLO, ACCEPTED, START,
                "{\"type\":\"finish\",\"reason\":\"r2 lost\"}")) {
            client.register("r1", "c1", "127.0.0.1", 9000, null);
            client.awaitStart(waiting -> { });

            assertThatThrownBy(() -> client.end().join()).isInstanceOf(CompletionException.class)
                    .hasCauseInstanceOf(ControlChannel.MalformedControlFrame.class);
        }
    }

    /** A frame of JSON {@code null} answering the registration (it was a {@link NullPointerException}). */
    @Test
    void aNullFrameIsMalformed() throws IOException {
        try (CoordinatorClient client = greet(null, HELLO, "null")) {
            assertThatThrownBy(() -> client.register("r1", "c1", "127.0.0.1", 9000, null))
                    .isInstanceOf(ControlChannel.MalformedControlFrame.class).hasMessageContaining("JSON null");
        }
    }

    /**
     * A coordinator whose TLS certificate names {@code root} starts a group of members without ids: the
     * start is refused as not the sender's (it was a {@link NullPointerException} from the set of names).
     */
    @Test
    void aStartOfMembersWithoutIdsFromACoordinatorWithACertificateIsRefused() throws IOException {
        try (CoordinatorClient client = greet(null, Set.of("root"), HELLO, ACCEPTED,
                "{\"type\":\"start\",\"protocol\":\"robber\",\"members\":[{\"cluster\":\"c1\"}]," + OFFER
                        + ",\"manifest\":{\"size\":0,\"pieceSize\":32,\"parts\":0}}")) {
            client.register("r1", "c1", "127.0.0.1", 9000, null);

            assertThatThrownBy(() -> client.awaitStart(waiting -> { })).isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("names no member of the group it started");
        }
    }

    /** A client on a connection whose coordinator greets, sends {@code frames} and hangs up. */
    private static CoordinatorClient greet(Secret secret, String... frames) throws IOException {
        return greet(secret, Set.of(), frames);
    }

    /** The same, for a coordinator whose TLS certificate has {@code names}. */
    private static CoordinatorClient greet(Secret secret, Set<String> names, String... frames) throws IOException {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        stream.writeBytes(ByteBuffer.allocate(8).putInt(ControlChannel.MAGIC).putInt(ControlChannel.VERSION).array());
        for (String frame : frames) {
            byte[] json = frame.getBytes(StandardCharsets.UTF_8);
            stream.writeBytes(ByteBuffer.allocate(4).putInt(json.length).array());
            stream.writeBytes(json);
        }
        FuzzSocket socket = new FuzzSocket(List.of(Unpooled.wrappedBuffer(stream.toByteArray())));
        return CoordinatorClient.greet(socket, secret, names, ControlChannel.VERSION, "coordinator");
    }
}
