package io.robber.rendezvous.control;

import static io.robber.rendezvous.control.ControlProtocolTest.OFFER;
import static io.robber.rendezvous.control.ControlProtocolTest.start;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.rendezvous.ConfigurationException;
import io.robber.rendezvous.TransferFailedException;
import io.robber.rendezvous.TransferListener;
import io.robber.rendezvous.Trust;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The start policy and late joiners on the control protocol: a coordinator on 127.0.0.1 that starts
 * without every expected receiver, and receivers as clients that register after the start and get a
 * wave of their own. Waits poll without deadlines of their own; the class's timeout bounds them.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class LateJoinersTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private final List<AutoCloseable> open = new ArrayList<>();
    private final List<String> log = new CopyOnWriteArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private Coordinator coordinator(int expected) {
        TransferListener events = new TransferListener() {
            @Override
            public void info(String line) {
                log.add(line);
            }
        };
        Coordinator c = Coordinator.listen(new InetSocketAddress("127.0.0.1", 0), Trust.NONE, "rendezvous", OFFER,
                expected, Admission.DISTINCT, events, ControlChannel.VERSION, Duration.ofSeconds(30));
        open.add(c);
        return c;
    }

    private CoordinatorClient register(Coordinator c, String id, int port) throws Exception {
        CoordinatorClient client = CoordinatorClient.connect(List.of(c.address()), WAIT, Trust.NONE,
                ControlChannel.VERSION, line -> { });
        open.add(client);
        client.register(id, "c1", "127.0.0.2", port, null);
        return client;
    }

    private static Wave awaitWave(Coordinator c) throws InterruptedException {
        while (true) {
            Optional<Wave> wave = c.lateWave(Duration.ZERO);
            if (wave.isPresent()) {
                return wave.get();
            }
            Thread.sleep(20);
        }
    }

    /** The coordinator logs a registration on its loop after the receiver has its answer: poll for the line. */
    private void awaitLog(Predicate<String> line) throws InterruptedException {
        while (log.stream().noneMatch(line)) {
            Thread.sleep(20);
        }
    }

    private static List<String> ids(ControlMessage.Start start) {
        return start.members().stream().map(ControlMessage.MemberSpec::id).toList();
    }

    @Test
    void afterTheStartTimeTheTransferStartsWithThoseThereAndLateJoinersGetAWaveOfTheirOwn() throws Exception {
        Coordinator coordinator = coordinator(3);
        CoordinatorClient a = register(coordinator, "a", 9001);
        List<Registration> first = coordinator.awaitRegistrations(new StartPolicy(WAIT, Duration.ZERO, 0),
                CompletableFuture.completedFuture(null));
        assertThat(first).extracting(Registration::id).containsExactly("a");
        coordinator.start(start(first), (id, why) -> { });
        assertThat(ids(a.awaitStart(w -> { }))).containsExactly("a");

        CoordinatorClient b = register(coordinator, "b", 9002);
        CoordinatorClient c = register(coordinator, "c", 9003);
        awaitLog(line -> line.contains("receiver c") && line.contains("registered late: 3 of 3"));
        Wave wave = awaitWave(coordinator);
        assertThat(wave.registrations()).extracting(Registration::id).containsExactly("b", "c");
        List<String> waveDepartures = new CopyOnWriteArrayList<>();
        coordinator.start(wave, List.of(), start(wave.registrations()), (id, why) -> waveDepartures.add(id));
        assertThat(ids(b.awaitStart(w -> { }))).containsExactly("b", "c");
        assertThat(ids(c.awaitStart(w -> { }))).containsExactly("b", "c");

        assertThatThrownBy(() -> register(coordinator, "d", 9004))
                .hasMessageContaining("already started with all 3 expected receivers");

        b.done(new ControlMessage.Done(false, "disk full", null));
        while (waveDepartures.isEmpty()) {
            Thread.sleep(20);
        }
        assertThat(waveDepartures).containsExactly("b");
        a.done(new ControlMessage.Done(true, null, null));
        assertThat(coordinator.awaitOutcomes(Duration.ofMillis(200))).as("c has not reported").isFalse();
        c.done(new ControlMessage.Done(true, null, null));
        assertThat(coordinator.awaitOutcomes(WAIT)).isTrue();
        assertThat(coordinator.sessions()).hasSize(3);
    }

    @Test
    void aLateJoinerThatLeavesBeforeItsWaveStartsFreesItsPlaceForAnother() throws Exception {
        Coordinator coordinator = coordinator(2);
        register(coordinator, "a", 9001);
        coordinator.start(start(coordinator.awaitRegistrations(new StartPolicy(WAIT, Duration.ZERO, 1),
                CompletableFuture.completedFuture(null))), (id, why) -> { });

        CoordinatorClient gone = register(coordinator, "b", 9002);
        gone.close();
        CoordinatorClient replacement = null;
        while (replacement == null) {
            try {
                replacement = register(coordinator, "b2", 9003);
            } catch (ConfigurationException e) {
                assertThat(e).hasMessageContaining("all 2 expected receivers");
                Thread.sleep(20);
            }
        }
        Wave wave = awaitWave(coordinator);
        assertThat(wave.registrations()).extracting(Registration::id).containsExactly("b2");
        awaitLog(line -> line.contains("late receiver b left before it started"));
    }

    @Test
    void noLateJoinerIsTakenOnceEveryReceiverHasReported() throws Exception {
        Coordinator coordinator = coordinator(2);
        CoordinatorClient a = register(coordinator, "a", 9001);
        coordinator.start(start(coordinator.awaitRegistrations(new StartPolicy(WAIT, Duration.ZERO, 1),
                CompletableFuture.completedFuture(null))), (id, why) -> { });
        a.done(new ControlMessage.Done(true, null, null));
        assertThat(coordinator.awaitOutcomes(WAIT)).isTrue();

        assertThatThrownBy(() -> register(coordinator, "b", 9002)).hasMessageContaining("already started and ended");
        assertThat(coordinator.lateWave(Duration.ZERO)).isEmpty();
    }

    @Test
    void withMinReceiversTheEndOfTheWaitStartsWithThoseThereInsteadOfFailing() throws Exception {
        Coordinator coordinator = coordinator(3);
        register(coordinator, "a", 9001);
        register(coordinator, "b", 9002);

        List<Registration> group = coordinator.awaitRegistrations(new StartPolicy(Duration.ofMillis(300), null, 2),
                CompletableFuture.completedFuture(null));

        assertThat(group).extracting(Registration::id).containsExactly("a", "b");
    }

    @Test
    void fewerThanMinReceiversWhenTheWaitEndsFailsNamingTheOption() throws Exception {
        Coordinator coordinator = coordinator(3);
        register(coordinator, "a", 9001);

        assertThatThrownBy(() -> coordinator.awaitRegistrations(new StartPolicy(Duration.ofMillis(300),
                Duration.ofMillis(100), 2), CompletableFuture.completedFuture(null)))
                .isInstanceOf(TransferFailedException.class)
                .hasMessageContaining("only 1 of 3 receivers registered")
                .hasMessageContaining("fewer than the 2 of --min-receivers")
                .hasMessageContaining("registered: a");
    }

    @Test
    void withoutAStartTimeEveryExpectedReceiverIsWaitedFor() throws Exception {
        Coordinator coordinator = coordinator(2);
        register(coordinator, "a", 9001);

        assertThatThrownBy(() -> coordinator.awaitRegistrations(Duration.ofMillis(300)))
                .isInstanceOf(TransferFailedException.class)
                .hasMessageContaining("only 1 of 2 receivers registered")
                .hasMessageContaining("lower --expect");
    }

    @Test
    void aPolicyThatCannotWorkIsRefused() {
        assertThatThrownBy(() -> new StartPolicy(Duration.ofSeconds(1), Duration.ofSeconds(2), 0))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("longer than --wait");
        assertThatThrownBy(() -> new StartPolicy(Duration.ofSeconds(1), null, 4).check(3))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("--min-receivers 4 is more than --expect 3");
        assertThat(new StartPolicy(Duration.ofSeconds(1), Duration.ZERO, 0).atLeast(3)).isEqualTo(1);
        assertThat(StartPolicy.everyone(Duration.ofSeconds(1)).atLeast(3)).isEqualTo(3);
    }
}
