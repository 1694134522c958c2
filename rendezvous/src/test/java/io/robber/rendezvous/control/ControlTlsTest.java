package io.robber.rendezvous.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.rendezvous.ConfigurationException;
import io.robber.rendezvous.TransferListener;
import io.robber.rendezvous.Trust;
import io.robber.security.TlsIdentity;
import io.robber.testkit.TestCertificates;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutual TLS on the control connection: a receiver with a certificate of the sender's CA that names its
 * id registers; every mismatch ends the receiver at once with what to change, instead of retrying until
 * {@code --wait} expires.
 */
class ControlTlsTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final ControlMessage.Offer OFFER = new ControlMessage.Offer("data.bin", "file", 1000, 1);

    @TempDir
    Path dir;
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private Coordinator coordinator(TlsIdentity tls) {
        Coordinator c = Coordinator.listen(new InetSocketAddress("127.0.0.1", 0), new Trust(null, tls), "rendezvous",
                OFFER, 1, Admission.DISTINCT, TransferListener.SILENT, ControlChannel.VERSION, Duration.ofSeconds(30));
        open.add(c);
        return c;
    }

    private CoordinatorClient client(Coordinator c, TlsIdentity tls) throws InterruptedException {
        return client(c, tls, null);
    }

    private CoordinatorClient client(Coordinator c, TlsIdentity tls, String sender) throws InterruptedException {
        CoordinatorClient client = CoordinatorClient.connect(List.of(c.address()), WAIT, new Trust(null, tls, sender),
                ControlChannel.VERSION, line -> { });
        open.add(client);
        return client;
    }

    @Test
    void aReceiverWithACertificateOfTheCaRegisters() throws Exception {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        Coordinator coordinator = coordinator(ca.identity("sender"));
        CoordinatorClient receiver = client(coordinator, ca.identity("r1"));
        assertThat(receiver.register("r1", "c1", "127.0.0.2", 9001, null).registered()).isEqualTo(1);
        assertThat(coordinator.awaitRegistrations(WAIT)).extracting(Registration::id).containsExactly("r1");
    }

    @Test
    void aCoordinatorWhoseCertificateDoesNotNameTheExpectedSenderIsRefusedAtOnce() throws Exception {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        Coordinator impostor = coordinator(ca.identity("r9"));

        assertThatThrownBy(() -> client(impostor, ca.identity("r1"), "root"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("presents a certificate for r9, not for 'root' (--tls-sender)");
        assertThat(client(coordinator(ca.identity("root")), ca.identity("r1"), "root").register("r1", "c1",
                "127.0.0.2", 9001, null).registered()).isEqualTo(1);
    }

    @Test
    void aCoordinatorThatStartsAGroupWithoutTheMemberItsCertificateNamesIsRefused() throws Exception {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        Coordinator impostor = coordinator(ca.identity("r9"));
        CoordinatorClient receiver = client(impostor, ca.identity("r1"));
        receiver.register("r1", "c1", "127.0.0.2", 9001, null);

        impostor.start(ControlProtocolTest.start(impostor.awaitRegistrations(WAIT)), (id, why) -> { });

        assertThatThrownBy(() -> receiver.awaitStart(w -> { })).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("has a certificate for r9, which names no member of the group it started");
    }

    @Test
    void aCoordinatorThatIsAMemberOfTheGroupItStartsIsTaken() throws Exception {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        Coordinator coordinator = coordinator(ca.identity("root"));
        CoordinatorClient receiver = client(coordinator, ca.identity("r1"));
        receiver.register("r1", "c1", "127.0.0.2", 9001, null);
        ControlMessage.Start start = ControlProtocolTest.start(coordinator.awaitRegistrations(WAIT));
        List<ControlMessage.MemberSpec> members = new ArrayList<>(start.members());
        members.add(new ControlMessage.MemberSpec("root", "c0", "127.0.0.1", 9000));

        coordinator.start(new ControlMessage.Start(start.protocol(), members, start.offer(), start.manifest(), null),
                (id, why) -> { });

        assertThat(receiver.awaitStart(w -> { }).members()).extracting(ControlMessage.MemberSpec::id)
                .contains("root", "r1");
    }

    @Test
    void anIdThatTheCertificateDoesNotNameIsRefused() throws Exception {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        Coordinator coordinator = coordinator(ca.identity("sender"));
        CoordinatorClient receiver = client(coordinator, ca.identity("r1"));
        assertThatThrownBy(() -> receiver.register("r2", "c1", "127.0.0.2", 9001, null))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("its certificate is for r1, not for member id 'r2'");
    }

    @Test
    void aReceiverWithoutTlsIsToldThatTheCoordinatorRequiresIt() throws Exception {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        Coordinator coordinator = coordinator(ca.identity("sender"));
        assertThatThrownBy(() -> client(coordinator, null)).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("requires TLS: pass --tls-cert, --tls-key and --tls-ca");
    }

    @Test
    void aReceiverWithTlsIsToldThatThePlainCoordinatorDoesNotSpeakIt() throws Exception {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        Coordinator coordinator = coordinator(null);
        assertThatThrownBy(() -> client(coordinator, ca.identity("r1"))).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("it does not speak TLS");
    }

    @Test
    void aCoordinatorWithACertificateOfAnotherCaIsNotTrusted() throws Exception {
        TestCertificates ours = TestCertificates.create(dir.resolve("ours"), "group CA");
        TestCertificates theirs = TestCertificates.create(dir.resolve("theirs"), "another CA");
        Coordinator coordinator = coordinator(theirs.identity("sender"));
        assertThatThrownBy(() -> client(coordinator, ours.identity("r1"))).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("its certificate is not issued by the CA of --tls-ca");
    }
}
