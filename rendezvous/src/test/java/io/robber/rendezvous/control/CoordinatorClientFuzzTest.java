package io.robber.rendezvous.control;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.robber.rendezvous.BuildVersion;
import io.robber.rendezvous.RendezvousException;
import io.robber.rendezvous.Secret;
import io.robber.testkit.FuzzInputs;
import io.robber.testkit.FuzzStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fuzzes the receiver's side of the control protocol: a coordinator (a broken one, or a man in the
 * middle of a connection without TLS) answers a receiver's {@link CoordinatorClient} with whatever
 * bytes, cut into whatever reads, and hangs up: the greeting and hello ({@link ControlChannel#open},
 * {@link ControlChannel#parse}), the answer to the registration, the frames before the start (waiting,
 * manifest parts, departures, abort) and those after it, which the client's reading thread follows
 * until the finish or abort. The receiver has a secret (option bit 0) or not, and its coordinator a TLS
 * certificate that names {@code root} (option bit 1: the start must then name it) or no TLS. Whatever the coordinator
 * sends, every call the receiver makes returns or fails only with the protocol's own refusals (a
 * malformed frame, not a control peer, another version, given up), the end of the connection, a
 * {@link RendezvousException} or the busy coordinator's {@link IOException}, each caused by nothing
 * else; the transfer's end completes, with a finish that lists who failed, an abort, or such a refusal;
 * what the client hands on names what the receiver needs (the hello's offer, a departure's member); and
 * the manifest's digests are no more than the bytes sent. A frame is buffered as its bytes arrive, so a
 * length field costs no memory of its own; running out of memory is a finding like any other.
 */
class CoordinatorClientFuzzTest {
    private static final FuzzInputs INPUTS = new FuzzInputs(CoordinatorClientFuzzTest.class);
    private static final Secret SECRET = Secret.of("s3cret".getBytes(StandardCharsets.UTF_8));

    @MethodSource("seeds")
    @FuzzTest(maxExecutions = 200_000)
    void coordinatorIsFollowedOrRefused(byte[] input) {
        INPUTS.count();
        FuzzStream stream = FuzzStream.of(input);
        FuzzSocket socket = new FuzzSocket(stream.reads());
        long sent = socket.sent();
        CoordinatorClient client;
        try {
            client = CoordinatorClient.greet(socket, stream.option(0) ? SECRET : null,
                    stream.option(1) ? Set.of("root") : Set.of(), ControlChannel.VERSION, "coordinator");
        } catch (IOException | RuntimeException e) {
            assertRefusal(e);
            return;
        }
        try (client) {
            assertThat(client.hello().offer()).as("the offer of the hello").isNotNull();
            ControlMessage.Start start;
            try {
                client.register("r1", "c1", "127.0.0.1", 9000, null);
                start = client.awaitStart(waiting -> { });
            } catch (IOException | RuntimeException e) {
                assertRefusal(e);
                return;
            }
            assertDigests(client, start, sent);
            List<ControlMessage.Departed> departed = new CopyOnWriteArrayList<>();
            client.departures(departed::add);
            assertEnd(client);
            assertThat(departed).allSatisfy(d -> assertThat(d.id()).as("the member that departed").isNotNull());
        }
    }

    @AfterAll
    static void ranEveryInput() {
        INPUTS.check();
    }

    /** The digests of the manifest parts ahead of the start, as the receiver asks for them. */
    private static void assertDigests(CoordinatorClient client, ControlMessage.Start start, long sent) {
        int parts = start.manifest() == null ? 0 : start.manifest().parts();
        try {
            assertThat((long) client.pieceDigests(parts).length).as("digests from %d bytes", sent).isLessThanOrEqualTo(sent);
        } catch (IllegalArgumentException e) {
            // not the parts the start frame announced: the receiver calls it an unusable start frame
        }
    }

    /** The reading thread ends with the coordinator's finish or abort, or a refusal; it never hangs. */
    private static void assertEnd(CoordinatorClient client) {
        ControlMessage end;
        try {
            end = client.end().join();
        } catch (CompletionException e) {
            assertRefusal(e.getCause());
            return;
        }
        assertThat(end).isInstanceOfAny(ControlMessage.Finish.class, ControlMessage.Abort.class);
        if (end instanceof ControlMessage.Finish finish) {
            assertThat(finish.failed()).as("the members that failed").isNotNull();
        }
    }

    private static void assertRefusal(Throwable failure) {
        assertThat(refusal(failure)).as("a refusal, not %s", failure).isTrue();
    }

    /**
     * The protocol's own refusals, the end of the connection, the receiver API's exceptions and the busy
     * coordinator's plain {@link IOException}, caused by nothing else.
     */
    private static boolean refusal(Throwable failure) {
        boolean own = failure instanceof ControlChannel.MalformedControlFrame
                || failure instanceof ControlChannel.NotControlPeer || failure instanceof ControlChannel.VersionMismatch
                || failure instanceof CoordinatorClient.GivenUp || failure instanceof EOFException
                || failure instanceof RendezvousException || failure.getClass() == IOException.class;
        return own && (failure.getCause() == null || refusal(failure.getCause()));
    }

    /**
     * What a coordinator sends, framed as the real encoder frames it: its greeting and hello, then the
     * accepted registration, waiting, the manifest's parts, the start frame, departures and the finish or
     * an abort; a refusal; a hello with a secret and a frame with a MAC; one read or many.
     */
    static Stream<byte[]> seeds() throws IOException {
        byte[] greeting = ByteBuffer.allocate(8).putInt(ControlChannel.MAGIC).putInt(ControlChannel.VERSION).array();
        ControlMessage.Offer offer = new ControlMessage.Offer("data.bin", "file", 96, 1);
        String nonce = ControlSupport.b64(new byte[ControlSupport.NONCE_BYTES]);
        byte[] hello = frame(new ControlMessage.Hello(BuildVersion.current(), false, nonce, "rendezvous", offer), 0);
        byte[] accepted = frame(new ControlMessage.Accepted(1, 2, false), 0);
        byte[] waiting = frame(new ControlMessage.Waiting(1, 2), 0);
        byte[] digests = new byte[3 * 32];
        byte[] part = frame(ManifestParts.split(digests).get(0), 0);
        byte[] start = frame(new ControlMessage.Start("robber", List.of(
                new ControlMessage.MemberSpec("root", "c0", "127.0.0.1", 7000),
                new ControlMessage.MemberSpec("r1", "c1", "127.0.0.1", 9000),
                new ControlMessage.MemberSpec("r2", "c1", "127.0.0.1", 9001)),
                offer, new ControlMessage.ManifestSpec(96, 32, 1, "00", null), null), 0);
        byte[] departed = frame(new ControlMessage.Departed("r2", "its connection closed"), 0);
        byte[] finish = frame(new ControlMessage.Finish(List.of("r2"), "r2 lost"), 0);
        byte[] abort = frame(new ControlMessage.Abort("the sender stopped"), 0);
        return Stream.of(
                FuzzStream.input(0, 0, greeting, hello, accepted, waiting, part, start, departed, finish),
                FuzzStream.input(0, 7, greeting, hello, accepted, waiting, part, start, departed, finish),
                FuzzStream.input(0, 0, greeting, hello, accepted, waiting, abort),
                FuzzStream.input(0, 0, greeting, hello, frame(new ControlMessage.Accepted(2, 2, true), 0), part, start,
                        frame(new ControlMessage.Departed("r1", "it sent nothing for 30 s"), 0), abort),
                FuzzStream.input(0, 3, greeting, hello, accepted,
                        frame(new ControlMessage.Departed("r1", "it sent nothing for 30 s"), 0)),
                FuzzStream.input(0, 0, greeting, frame(new ControlMessage.Refused(Refusal.BUSY.code(), "busy"), 0)),
                FuzzStream.input(0, 0, greeting, hello, frame(new ControlMessage.Refused(Refusal.CONFLICT.code(),
                        "receiver r1 is still connected"), 0)),
                FuzzStream.input(1, 0, greeting, frame(new ControlMessage.Hello(BuildVersion.current(), true, nonce,
                        "rendezvous", offer), 0), frame(new ControlMessage.Accepted(1, 2, false),
                        ControlSupport.MAC_BYTES)));
    }

    /** A frame: length, JSON, and {@code macBytes} zero bytes where a MAC goes. */
    private static byte[] frame(ControlMessage message, int macBytes) throws IOException {
        byte[] json = ControlCodec.encode(message);
        return ByteBuffer.allocate(4 + json.length + macBytes).putInt(json.length).put(json).array();
    }
}
