package io.robber.rendezvous.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.rendezvous.ConfigurationException;
import io.robber.rendezvous.Secret;
import io.robber.rendezvous.Trust;
import io.robber.rendezvous.TransferFailedException;
import io.robber.rendezvous.TransferListener;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The control protocol in one JVM: a coordinator on 127.0.0.1 and receivers as clients. The waits
 * poll without deadlines of their own; the class's timeout bounds them.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ControlProtocolTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    static final ControlMessage.Offer OFFER = new ControlMessage.Offer("data.bin", "file", 1000, 1);
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private Coordinator coordinator(Secret secret, int expected) {
        return coordinator(secret, expected, Duration.ofSeconds(30));
    }

    /** {@code silence}: how long a receiver may send nothing, and how long one that disconnected may take to rejoin. */
    private Coordinator coordinator(Secret secret, int expected, Duration silence) {
        Coordinator c = Coordinator.listen(new InetSocketAddress("127.0.0.1", 0), new Trust(secret, null), "rendezvous", OFFER, expected,
                Admission.DISTINCT, TransferListener.SILENT, ControlChannel.VERSION, silence);
        open.add(c);
        return c;
    }

    private CoordinatorClient client(Coordinator c, Secret secret, int version) throws InterruptedException {
        CoordinatorClient client = CoordinatorClient.connect(List.of(c.address()), WAIT, new Trust(secret, null), version, line -> { });
        open.add(client);
        return client;
    }

    /** A start frame for {@code registrations} and {@link #OFFER}; also for the other tests of the control protocol. */
    static ControlMessage.Start start(List<Registration> registrations) {
        List<ControlMessage.MemberSpec> members = registrations.stream()
                .map(r -> new ControlMessage.MemberSpec(r.id(), r.cluster(), r.host(), r.port())).toList();
        return new ControlMessage.Start("robber", members, OFFER,
                new ControlMessage.ManifestSpec(1000, 1000, 1, "00", null), null);
    }

    @Test
    void receiversWithTheSecretRegisterStartReportAndLearnTheEnd() throws Exception {
        Secret secret = Secret.of("s3cret".getBytes(StandardCharsets.UTF_8));
        Coordinator coordinator = coordinator(secret, 2);
        CoordinatorClient a = client(coordinator, secret, ControlChannel.VERSION);
        CoordinatorClient b = client(coordinator, secret, ControlChannel.VERSION);
        assertThat(a.hello().auth()).isTrue();
        assertThat(a.hello().offer()).isEqualTo(OFFER);

        a.register("a", "c1", "127.0.0.2", 9001, null);
        b.register("b", "c2", "127.0.0.3", 9002, null);
        List<Registration> registrations = coordinator.awaitRegistrations(WAIT);
        assertThat(registrations).extracting(Registration::id).containsExactlyInAnyOrder("a", "b");

        coordinator.start(start(registrations), (id, why) -> { });
        ControlMessage.Start startA = a.awaitStart(w -> { });
        ControlMessage.Start startB = b.awaitStart(w -> { });
        assertThat(startA.members()).extracting(ControlMessage.MemberSpec::id).containsExactlyInAnyOrder("a", "b");
        assertThat(startB).isEqualTo(startA);

        a.done(new ControlMessage.Done(true, null, null));
        b.done(new ControlMessage.Done(false, "disk full", null));
        assertThat(coordinator.awaitOutcomes(WAIT)).isTrue();
        coordinator.finish(new ControlMessage.Finish(List.of("b"), "b disk full"));

        assertThat(a.end().get(20, TimeUnit.SECONDS)).isEqualTo(new ControlMessage.Finish(List.of("b"), "b disk full"));
        assertThat(coordinator.sessions()).filteredOn(s -> s.registration().id().equals("b"))
                .singleElement().satisfies(s -> assertThat(s.done().error()).isEqualTo("disk full"));
    }

    @Test
    void aReceiverWithTheWrongSecretIsRefusedAndTheOthersStillRegister() throws Exception {
        Coordinator coordinator = coordinator(Secret.of("right".getBytes(StandardCharsets.UTF_8)), 1);
        CoordinatorClient wrong = client(coordinator, Secret.of("wrong".getBytes(StandardCharsets.UTF_8)),
                ControlChannel.VERSION);

        assertThatThrownBy(() -> wrong.register("w", "c", "127.0.0.2", 9001, null))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("wrong secret").hasMessageContaining("--secret-file");

        CoordinatorClient right = client(coordinator, Secret.of("right".getBytes(StandardCharsets.UTF_8)),
                ControlChannel.VERSION);
        right.register("r", "c", "127.0.0.3", 9001, null);
        assertThat(coordinator.awaitRegistrations(WAIT)).extracting(Registration::id).containsExactly("r");
    }

    @Test
    void aReceiverWithoutTheSecretIsToldToPassOne() throws Exception {
        Coordinator coordinator = coordinator(Secret.of("right".getBytes(StandardCharsets.UTF_8)), 1);

        assertThatThrownBy(() -> client(coordinator, null, ControlChannel.VERSION))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("requires a shared secret");
    }

    @Test
    void aReceiverWithASecretRefusesAnOpenCoordinator() throws Exception {
        Coordinator coordinator = coordinator(null, 1);

        assertThatThrownBy(() -> client(coordinator, Secret.of(new byte[] {1}), ControlChannel.VERSION))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("runs without a secret");
    }

    @Test
    void anotherProtocolVersionIsAVersionMismatch() throws Exception {
        Coordinator coordinator = coordinator(null, 1);

        assertThatThrownBy(() -> client(coordinator, null, ControlChannel.VERSION + 1))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("version mismatch").hasMessageContaining("v" + ControlChannel.VERSION)
                .hasMessageContaining("v" + (ControlChannel.VERSION + 1));
    }

    @Test
    void aTakenIdIsRefusedWithAHint() throws Exception {
        Coordinator coordinator = coordinator(null, 2);
        client(coordinator, null, ControlChannel.VERSION).register("same", "c", "127.0.0.2", 9001, null);
        CoordinatorClient second = client(coordinator, null, ControlChannel.VERSION);

        assertThatThrownBy(() -> second.register("same", "c", "127.0.0.3", 9001, null))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("distinct --id");
    }

    @Test
    void anUnreachableCoordinatorFailsAfterTheWait() throws Exception {
        InetSocketAddress nobody;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            nobody = new InetSocketAddress("127.0.0.1", s.getLocalPort());
        }
        InetSocketAddress target = nobody;

        assertThatThrownBy(() -> CoordinatorClient.connect(List.of(target), Duration.ofMillis(300), null,
                ControlChannel.VERSION, line -> { }))
                .isInstanceOf(TransferFailedException.class)
                .hasMessageContaining("unreachable").hasMessageContaining("robber send");
    }

    @Test
    void tooFewReceiversWithinTheWaitNamesWhoCame() throws Exception {
        Coordinator coordinator = coordinator(null, 2);
        client(coordinator, null, ControlChannel.VERSION).register("only", "c", "127.0.0.2", 9001, null);

        assertThatThrownBy(() -> coordinator.awaitRegistrations(Duration.ofMillis(300)))
                .isInstanceOf(TransferFailedException.class).hasMessageContaining("only 1 of 2").hasMessageContaining("only)");
    }

    @Test
    void hostileFramesCloseOnlyThatConnection() throws Exception {
        Coordinator coordinator = coordinator(null, 1);
        try (Socket hostile = new Socket()) {
            hostile.connect(coordinator.address());
            DataOutputStream out = new DataOutputStream(hostile.getOutputStream());
            out.writeInt(ControlChannel.MAGIC);
            out.writeInt(ControlChannel.VERSION);
            out.writeInt(Integer.MAX_VALUE);
            out.flush();
            DataInputStream in = new DataInputStream(hostile.getInputStream());
            hostile.setSoTimeout(20_000);
            assertThat(in.readInt()).isEqualTo(ControlChannel.MAGIC);
            in.readInt();
            int helloLength = in.readInt();
            in.readFully(new byte[helloLength]);
            assertThat(in.read()).isEqualTo(-1);
        }
        CoordinatorClient fine = client(coordinator, null, ControlChannel.VERSION);
        fine.register("fine", "c", "127.0.0.2", 9001, null);
        assertThat(coordinator.awaitRegistrations(WAIT)).hasSize(1);
    }

    /** A receiver whose connection closes after the start and that does not rejoin is lost once the silence timeout passed. */
    @Test
    void aLostReceiverIsReportedAfterTheStart() throws Exception {
        // 10 s: even a busy machine's stalls do not let the receiver's 0.5 s heartbeats fall silent first
        Coordinator coordinator = coordinator(null, 1, Duration.ofSeconds(10));
        CoordinatorClient gone = client(coordinator, null, ControlChannel.VERSION);
        gone.register("gone", "c", "127.0.0.2", 9001, null);
        CompletableFuture<String> senderHeard = new CompletableFuture<>();
        coordinator.start(start(coordinator.awaitRegistrations(WAIT)), (id, why) -> senderHeard.complete(id + ": " + why));
        gone.awaitStart(w -> { });

        gone.close();

        assertThat(coordinator.awaitOutcomes(Duration.ofMinutes(1))).isTrue();
        assertThat(coordinator.sessions().get(0).lost()).contains("connection closed").contains("did not rejoin within 10s");
        assertThat(senderHeard.get(WAIT.toSeconds(), TimeUnit.SECONDS)).startsWith("gone: ");
        CoordinatorClient late = client(coordinator, null, ControlChannel.VERSION);
        assertThatThrownBy(() -> late.register("gone", "c", "127.0.0.2", 9001, null))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("was given up on")
                .hasMessageContaining("the transfer has ended without it");
    }

    /**
     * Issue 14: a receiver given up on that comes back while the others still receive (it was frozen,
     * then thawed) joins again as a late joiner, in a wave of its own, in place of its lost session: the
     * sender counts what it reports now.
     */
    @Test
    void aReceiverGivenUpOnThatComesBackWhileTheTransferRunsJoinsAsALateJoiner() throws Exception {
        Coordinator coordinator = coordinator(null, 2, Duration.ofSeconds(10));
        CoordinatorClient stays = client(coordinator, null, ControlChannel.VERSION);
        stays.register("stays", "c", "127.0.0.2", 9001, null);
        CoordinatorClient gone = client(coordinator, null, ControlChannel.VERSION);
        gone.register("gone", "c", "127.0.0.3", 9001, null);
        coordinator.start(start(coordinator.awaitRegistrations(WAIT)), (id, why) -> { });
        gone.awaitStart(w -> { });
        gone.close();
        while (coordinator.sessions().get(1).lost() == null) {
            Thread.sleep(50);
        }

        CoordinatorClient back = client(coordinator, null, ControlChannel.VERSION);
        assertThat(back.register("gone", "c", "127.0.0.3", 9001, null).rejoined()).isFalse();

        Optional<Wave> wave = Optional.empty();
        while (wave.isEmpty()) {
            wave = coordinator.lateWave(Duration.ZERO);
        }
        assertThat(wave.get().registrations()).extracting(Registration::id).containsExactly("gone");
        assertThat(coordinator.sessions()).extracting(s -> s.registration().id()).containsExactly("stays", "gone");
        assertThat(coordinator.sessions().get(1).lost()).as("the lost session is replaced").isNull();
        assertThat(coordinator.awaitOutcomes(Duration.ofMillis(200))).isFalse();
    }

    /**
     * Issue 14, found item 5: a receiver whose connection closes after the start (its process was
     * killed) and that registers again with the same id, cluster and data host before the silence
     * timeout takes its place back and gets the same start frame; it never was a departure. While it is
     * connected, or from another cluster, the same id is refused.
     */
    @Test
    void aReceiverThatDisconnectsAfterTheStartRejoinsWithTheSameStart() throws Exception {
        Coordinator coordinator = coordinator(null, 2);
        CoordinatorClient stays = client(coordinator, null, ControlChannel.VERSION);
        stays.register("stays", "c", "127.0.0.2", 9001, null);
        CoordinatorClient restarts = client(coordinator, null, ControlChannel.VERSION);
        restarts.register("restarts", "d", "127.0.0.3", 9001, null);
        List<String> departures = new java.util.concurrent.CopyOnWriteArrayList<>();
        ControlMessage.Start start = start(coordinator.awaitRegistrations(WAIT));
        coordinator.start(start, (id, why) -> departures.add(id));
        restarts.awaitStart(w -> { });
        CoordinatorClient twin = client(coordinator, null, ControlChannel.VERSION);
        assertThatThrownBy(() -> twin.register("restarts", "d", "127.0.0.3", 9002, null))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("still connected");

        restarts.close();
        while (coordinator.sessions().get(1).away() == null) {
            Thread.sleep(10);
        }
        CoordinatorClient elsewhere = client(coordinator, null, ControlChannel.VERSION);
        assertThatThrownBy(() -> elsewhere.register("restarts", "c", "127.0.0.3", 9001, null))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("--cluster d");
        CoordinatorClient again = client(coordinator, null, ControlChannel.VERSION);
        ControlMessage.Accepted accepted = again.register("restarts", "d", "127.0.0.3", 9002, null);

        assertThat(accepted.rejoined()).isTrue();
        assertThat(again.awaitStart(w -> { }).members()).isEqualTo(start.members());
        again.done(new ControlMessage.Done(true, null, null));
        stays.done(new ControlMessage.Done(true, null, null));
        assertThat(coordinator.awaitOutcomes(WAIT)).isTrue();
        assertThat(coordinator.sessions()).allSatisfy(s -> assertThat(s.lost()).isNull());
        assertThat(departures).isEmpty();
    }

    /**
     * Issue 14, found item 1: the group was complete, a receiver left while the sender was still
     * preparing and a replacement registered. The group fixed at the start holds the replacement, not
     * the one that left.
     */
    @Test
    void aReceiverThatLeavesAFullGroupBeforeTheStartIsReplacedConsistently() throws Exception {
        Coordinator coordinator = coordinator(null, 2);
        CoordinatorClient stays = client(coordinator, null, ControlChannel.VERSION);
        stays.register("stays", "c", "127.0.0.2", 9001, null);
        CoordinatorClient leaves = client(coordinator, null, ControlChannel.VERSION);
        leaves.register("leaves", "c", "127.0.0.3", 9001, null);
        CompletableFuture<Void> senderReady = new CompletableFuture<>();
        CompletableFuture<List<Registration>> group = CompletableFuture.supplyAsync(() -> {
            try {
                return coordinator.awaitRegistrations(StartPolicy.everyone(WAIT), senderReady);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        while (coordinator.registered() < 2) {
            Thread.sleep(10);
        }

        leaves.close();
        while (coordinator.registered() > 1) {
            Thread.sleep(10);
        }
        CoordinatorClient replacement = client(coordinator, null, ControlChannel.VERSION);
        replacement.register("replacement", "c", "127.0.0.3", 9001, null);
        senderReady.complete(null);

        assertThat(group.get(WAIT.toSeconds(), TimeUnit.SECONDS)).extracting(Registration::id)
                .containsExactly("stays", "replacement");
    }

    /** A receiver that fails after the start is a departure: the sender and the others hear of it at once. */
    @Test
    void aReceiverThatFailsAfterTheStartIsAnnouncedToTheOthers() throws Exception {
        Coordinator coordinator = coordinator(null, 2);
        CoordinatorClient fails = client(coordinator, null, ControlChannel.VERSION);
        fails.register("fails", "c", "127.0.0.2", 9001, null);
        CoordinatorClient other = client(coordinator, null, ControlChannel.VERSION);
        other.register("other", "c", "127.0.0.3", 9001, null);
        CompletableFuture<String> senderHeard = new CompletableFuture<>();
        coordinator.start(start(coordinator.awaitRegistrations(WAIT)), (id, why) -> senderHeard.complete(id + ": " + why));
        fails.awaitStart(w -> { });
        other.awaitStart(w -> { });
        CompletableFuture<ControlMessage.Departed> otherHeard = new CompletableFuture<>();
        other.departures(otherHeard::complete);

        fails.done(new ControlMessage.Done(false, "cannot listen on 127.0.0.2:9001", null));

        assertThat(senderHeard.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo("fails: cannot listen on 127.0.0.2:9001");
        assertThat(otherHeard.get(WAIT.toSeconds(), TimeUnit.SECONDS))
                .isEqualTo(new ControlMessage.Departed("fails", "cannot listen on 127.0.0.2:9001"));
    }

    /**
     * Issue 14, found item 7: the handshake has one deadline, not one per read. A connection that sends
     * a byte every second never lets a read time out, yet it is closed once the handshake timeout has
     * passed (and is not waited on forever).
     */
    @Test
    void aConnectionThatDribblesIsClosedAfterTheHandshakeTimeout() throws Exception {
        Coordinator coordinator = coordinator(null, 1);
        byte[] greeting = {'R', 'B', 'R', 'C', 0, 0, 0, (byte) ControlChannel.VERSION, 0, 0, 3, (byte) 0xE8};
        try (Socket slow = new Socket()) {
            slow.connect(coordinator.address());
            long limit = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            int sent = 0;
            boolean closed = false;
            while (!closed && System.nanoTime() < limit) {
                try {
                    slow.getOutputStream().write(sent < greeting.length ? greeting[sent] : 'x');
                    slow.getOutputStream().flush();
                    sent++;
                    Thread.sleep(1000);
                } catch (IOException e) {
                    closed = true;
                }
            }
            assertThat(closed).as("closed after %d bytes", sent).isTrue();
            assertThat(sent).as("bytes read before the close: not refused at the first").isGreaterThanOrEqualTo(2);
        }
    }
}
