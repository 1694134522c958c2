package io.robber.rendezvous.control;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.robber.rendezvous.Secret;
import io.robber.rendezvous.TransferListener;
import io.robber.rendezvous.Trust;
import io.robber.security.TlsIdentity;
import io.robber.testkit.FuzzInputs;
import io.robber.testkit.FuzzStream;
import io.robber.testkit.TestCertificates;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fuzzes the coordinator's side of the control protocol: a receiver sends whatever bytes, cut into
 * whatever reads, to a {@link Coordinator}'s {@link ControlFrameDecoder} and {@link ReceiverConnection}
 * (greeting, hello, registration or decline, then progress and outcome; {@link ControlChannel#parse}),
 * each on an embedded connection ({@link ReceiverLine}) to a fresh coordinator that expects two
 * receivers, on an embedded loop, with a secret (option bit 0) or without. Option bits 1 and 2 say
 * where the bytes arrive ({@link Phase}): on a new connection before the start; or after the start,
 * once receivers r1 and r2 registered, the group started and r2 reported a verified copy, on r1's
 * connection after its registration, or on a new connection while r1 is away (a rejoin under its id,
 * or a stranger's registration), or once r1 was given up on. With option bit 3 a new connection meets
 * the coordinator's TLS gate ({@code OptionalSslHandler}, then Netty's {@code SslHandler} for what looks
 * like TLS): the coordinator requires TLS with a certificate of the group's CA, which the bytes, seeded
 * with a real ClientHello, cannot present.
 *
 * <p>Whatever a receiver sends, its connection is refused only with a
 * {@link ControlChannel.MalformedControlFrame} (or, with TLS, the TLS layer's {@link SSLException}); a
 * new connection is closed by the handshake timeout at the latest unless it registered (or rejoined);
 * every buffer is released and, without TLS, no more allocated than a few times what was sent (and the
 * start frame, for one that rejoined; the TLS layer's buffers follow TLS records, not this code).
 * Before the start, once the connection closed, the coordinator holds no place for it. After the start,
 * the group keeps its two places; once the connection closed and the silence timeout passed, r1 is done
 * or given up on, so every outcome is in; the sender hears of r1's departure exactly when the
 * coordinator counts r1 as failed or lost; a connection rejoins as r1 only while r1 is away and only
 * with the secret, and then gets the manifest's parts and the start frame the group got; one that does
 * not rejoin leaves r1 away, to be given up on only when the silence passes. With TLS, a connection
 * never registers or rejoins.
 */
class CoordinatorInboundFuzzTest {
    private static final FuzzInputs INPUTS = new FuzzInputs(CoordinatorInboundFuzzTest.class);
    private static final Secret SECRET = Secret.of("s3cret".getBytes(StandardCharsets.UTF_8));
    private static final TlsIdentity SENDER;
    private static final TlsIdentity RECEIVER;
    private static final ControlMessage.Offer OFFER = new ControlMessage.Offer("data.bin", "file", 96, 1);
    private static final Duration SILENCE = Duration.ofSeconds(30);
    private static final List<ControlMessage.ManifestPart> PARTS = ManifestParts.split(new byte[3 * 32]);
    private static final ControlMessage.Start START = new ControlMessage.Start("robber", List.of(
            new ControlMessage.MemberSpec("root", "c0", "127.0.0.1", 7000),
            new ControlMessage.MemberSpec("r1", "c1", "127.0.0.1", 9000),
            new ControlMessage.MemberSpec("r2", "c1", "127.0.0.1", 9001)),
            OFFER, new ControlMessage.ManifestSpec(96, 32, PARTS.size(), "00", null), null);
    /** The frames a rejoining receiver gets beyond the answer to its registration: the parts and the start frame. */
    private static final List<ControlMessage> START_FRAMES = Stream.concat(PARTS.stream(), Stream.of(START))
            .map(ControlMessage.class::cast).toList();

    static {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("coordinator-fuzz");
            TestCertificates ca = TestCertificates.create(dir, "group CA");
            SENDER = ca.identity("sender");
            RECEIVER = ca.identity("r1");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(dir);
        }
    }

    /** Where the receiver's bytes arrive: option bits 1 and 2. */
    enum Phase {
        /** A new connection before the start. */
        WAITING,
        /** r1's connection after its registration, the start and r2's outcome. */
        STARTED,
        /** A new connection after that, once r1's connection closed: r1 is away and may rejoin. */
        AWAY,
        /** A new connection once r1 was given up on: it may not rejoin. */
        LOST;

        static Phase of(FuzzStream stream) {
            return values()[(stream.option(1) ? 1 : 0) + (stream.option(2) ? 2 : 0)];
        }
    }

    @MethodSource("seeds")
    @FuzzTest(maxExecutions = 200_000)
    void receiverIsServedOrRefused(byte[] input) throws Exception {
        INPUTS.count();
        FuzzStream stream = FuzzStream.of(input);
        Secret secret = stream.option(0) ? SECRET : null;
        Trust trust = new Trust(secret, stream.option(3) ? SENDER : null);
        Phase phase = Phase.of(stream);
        EmbeddedChannel clock = new EmbeddedChannel();
        Coordinator coordinator = new Coordinator(clock.eventLoop(), "rendezvous", OFFER, 2, Admission.DISTINCT,
                TransferListener.SILENT, SILENCE);
        if (phase == Phase.WAITING) {
            beforeTheStart(coordinator, trust, stream);
        } else {
            afterTheStart(coordinator, clock, trust, phase, stream);
        }
    }

    @AfterAll
    static void ranEveryInput() {
        INPUTS.check();
    }

    private static void beforeTheStart(Coordinator coordinator, Trust trust, FuzzStream stream) throws Exception {
        ReceiverLine line = new ReceiverLine(coordinator, trust);
        long sent = line.feed(stream);
        line.pass(Coordinator.HANDSHAKE_TIMEOUT);
        if (trust.tls() != null) {
            assertThat(coordinator.registered()).as("registered without TLS").isZero();
        }
        if (coordinator.registered() == 0) {
            assertThat(line.isOpen()).as("open after the handshake timeout, not registered").isFalse();
        }
        assertClosed(line);
        if (trust.tls() == null) {
            assertAllocated(line, 0, sent, 0);
        }
        assertThat(coordinator.registered()).as("places held after the connection closed").isZero();
    }

    private static void afterTheStart(Coordinator coordinator, EmbeddedChannel clock, Trust trust, Phase phase,
                                      FuzzStream stream) throws Exception {
        Trust plain = new Trust(trust.secret(), null);
        ReceiverLine r1 = new ReceiverLine(coordinator, plain);
        ReceiverLine r2 = new ReceiverLine(coordinator, plain);
        assertThat(r1.register("r1", "c1", 9000)).isInstanceOf(ControlMessage.Accepted.class);
        assertThat(r2.register("r2", "c1", 9001)).isInstanceOf(ControlMessage.Accepted.class);
        List<String> departed = new ArrayList<>();
        coordinator.start(PARTS, START, (id, why) -> departed.add(id));
        r2.send(new ControlMessage.Done(true, null, null));
        ReceiverSession first = coordinator.sessions().get(0);
        ReceiverLine line = r1;
        if (phase != Phase.STARTED) {
            r1.close();
            if (phase == Phase.LOST) {
                pass(clock, SILENCE);
            }
            line = new ReceiverLine(coordinator, trust);
        }

        long before = line.allocated();
        long sent = line.feed(stream);
        line.pass(Coordinator.HANDSHAKE_TIMEOUT);
        boolean rejoined = line != r1 && first.connection == line.connection();
        if (line != r1 && !rejoined) {
            assertThat(line.isOpen()).as("open after the handshake timeout, not rejoined").isFalse();
        }
        if (phase == Phase.AWAY && !rejoined) {
            assertThat(first.lost()).as("r1 given up on before the silence passed").isNull();
        }
        if (rejoined) {
            assertThat(trust).as("the trust of a connection that rejoined").isEqualTo(Trust.NONE);
            assertThat(phase).as("when a connection rejoined").isEqualTo(Phase.AWAY);
            assertRejoined(line.received());
        }
        assertClosed(line);
        if (line == r1 || trust.tls() == null) {
            assertAllocated(line, before, sent, rejoined ? frameBytes(START_FRAMES) : 0);
        }
        pass(clock, SILENCE);

        assertThat(coordinator.registered()).as("places in the group").isEqualTo(2);
        assertThat(first.resolved()).as("r1 done or given up on, once its connection closed and the silence passed")
                .isTrue();
        assertThat(coordinator.awaitOutcomes(Duration.ZERO)).as("every outcome in").isTrue();
        boolean failed = first.lost() != null || !first.done().ok();
        assertThat(departed).as("departures the sender heard of (r1 lost: %s, done: %s)", first.lost(), first.done())
                .isEqualTo(failed ? List.of("r1") : List.of());
        assertThat(r1.close().buffers()).as("buffers of r1's first connection still held").isEmpty();
        assertThat(r2.close().buffers()).as("buffers of r2's connection still held").isEmpty();
    }

    /**
     * A receiver that rejoined got the hello, its answer, then the manifest's parts and the start frame the
     * group got.
     */
    private static void assertRejoined(List<ControlMessage> frames) {
        assertThat(frames).hasSizeGreaterThanOrEqualTo(2 + START_FRAMES.size());
        assertThat(frames.get(1)).isInstanceOfSatisfying(ControlMessage.Accepted.class,
                accepted -> assertThat(accepted.rejoined()).as("accepted as rejoined").isTrue());
        assertThat(frames.subList(2, 2 + START_FRAMES.size())).containsExactlyElementsOf(START_FRAMES);
    }

    /** Closes {@code line}: it was refused only with malformed frames (or by TLS), and left nothing behind. */
    private static void assertClosed(ReceiverLine line) {
        ReceiverLine.Leftovers left = line.close();
        assertThat(line.failures()).allSatisfy(CoordinatorInboundFuzzTest::assertRefusal);
        assertThat(left.frames()).as("frames the connection left").isEmpty();
        assertThat(left.buffers()).as("buffers still held after the connection closed").isEmpty();
    }

    /**
     * The coordinator allocated for {@code line} at most a few times the {@code sent} bytes since
     * {@code before}, plus {@code extra}.
     */
    private static void assertAllocated(ReceiverLine line, long before, long sent, long extra) {
        assertThat(line.allocated() - before).as("bytes allocated for a receiver")
                .isLessThanOrEqualTo(4 * sent + 4096 + extra);
    }

    private static void assertRefusal(Throwable failure) {
        Throwable cause = failure instanceof DecoderException ? failure.getCause() : failure;
        assertThat(cause).isInstanceOfAny(ControlChannel.MalformedControlFrame.class, SSLException.class);
    }

    /** Lets {@code time} pass on the coordinator's loop, running what falls due. */
    private static void pass(EmbeddedChannel clock, Duration time) {
        clock.advanceTimeBy(time.toNanos(), TimeUnit.NANOSECONDS);
        clock.runScheduledPendingTasks();
    }

    /**
     * What a receiver sends, framed as the real encoder frames it. Before the start: its greeting, then a
     * registration, progress and its outcome, or a decline, or frames with a MAC for the coordinator with
     * a secret. On r1's connection after the start: progress, its outcome, garbage. On a new connection
     * after it: a rejoin as r1, a registration as r2 (done) or as a stranger. Through the TLS gate: a real
     * ClientHello, or a plain greeting and registration. One read or many.
     */
    static Stream<byte[]> seeds() throws IOException {
        byte[] greeting = ByteBuffer.allocate(8).putInt(ControlChannel.MAGIC).putInt(ControlChannel.VERSION).array();
        String nonce = ControlSupport.b64(new byte[ControlSupport.NONCE_BYTES]);
        byte[] register = frame(new ControlMessage.Register("1.0", nonce, "r1", "c1", "127.0.0.1", 9000, null), 0);
        byte[] progress = frame(new ControlMessage.Progress(500), 0);
        byte[] done = frame(new ControlMessage.Done(false, "disk full", null), 0);
        byte[] verified = frame(new ControlMessage.Done(true, null, null), 0);
        byte[] decline = frame(new ControlMessage.Decline("1.0", nonce, "r2", "no space"), 0);
        int waiting = 0;
        int started = 2;
        int away = 4;
        int lost = 6;
        int guarded = 1;
        int tls = 8;
        byte[] clientHello = clientHello();
        return Stream.of(
                FuzzStream.input(waiting, 0, greeting, register, progress, done),
                FuzzStream.input(waiting, 11, greeting, register, progress, done),
                FuzzStream.input(waiting, 0, greeting, decline),
                FuzzStream.input(waiting | guarded, 0, greeting, frame(new ControlMessage.Register("1.0", nonce, "r1",
                        "c1", "127.0.0.1", 9000, null), ControlSupport.MAC_BYTES)),
                FuzzStream.input(waiting | guarded, 5, greeting, frame(new ControlMessage.Decline("1.0", nonce, "r2",
                        "no space"), ControlSupport.MAC_BYTES)),
                FuzzStream.input(started, 0, progress, verified),
                FuzzStream.input(started, 7, progress, done, verified),
                FuzzStream.input(started, 0, progress, "garbage".getBytes(StandardCharsets.US_ASCII)),
                FuzzStream.input(started | guarded, 0, frame(new ControlMessage.Progress(500),
                        ControlSupport.MAC_BYTES)),
                FuzzStream.input(away, 0, greeting, register, progress, verified),
                FuzzStream.input(away, 9, greeting, register, progress),
                FuzzStream.input(away, 0, greeting, frame(new ControlMessage.Register("1.0", nonce, "r2", "c1",
                        "127.0.0.1", 9001, null), 0)),
                FuzzStream.input(away, 0, greeting, frame(new ControlMessage.Register("1.0", nonce, "r3", "c1",
                        "127.0.0.1", 9002, null), 0)),
                FuzzStream.input(away | guarded, 0, greeting, frame(new ControlMessage.Register("1.0", nonce, "r1",
                        "c1", "127.0.0.1", 9000, null), ControlSupport.MAC_BYTES)),
                FuzzStream.input(lost, 0, greeting, register, progress, verified),
                FuzzStream.input(waiting | tls, 0, clientHello),
                FuzzStream.input(waiting | tls, 3, clientHello),
                FuzzStream.input(waiting | tls, 0, greeting, register, progress, done),
                FuzzStream.input(away | tls, 0, greeting, register, progress, verified),
                FuzzStream.input(away | tls, 0, clientHello, register));
    }

    /** The first flight of a receiver's TLS client, with a certificate of the group's CA. */
    private static byte[] clientHello() {
        EmbeddedChannel client = new EmbeddedChannel(RECEIVER.newHandler(ByteBufAllocator.DEFAULT, true));
        ByteBuf hello = Unpooled.buffer();
        for (ByteBuf out = client.readOutbound(); out != null; out = client.readOutbound()) {
            hello.writeBytes(out);
            out.release();
        }
        client.finishAndReleaseAll();
        return ByteBufUtil.getBytes(hello);
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A frame: length, JSON, and {@code macBytes} zero bytes where a MAC goes. */
    private static byte[] frame(ControlMessage message, int macBytes) throws IOException {
        byte[] json = ControlCodec.encode(message);
        return ByteBuffer.allocate(4 + json.length + macBytes).putInt(json.length).put(json).array();
    }

    /** The bytes of {@code messages} in frames without a MAC. */
    private static long frameBytes(List<ControlMessage> messages) throws IOException {
        long bytes = 0;
        for (ControlMessage message : messages) {
            bytes += frame(message, 0).length;
        }
        return bytes;
    }
}
