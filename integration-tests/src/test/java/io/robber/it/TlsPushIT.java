package io.robber.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutual TLS as a user runs it, with real {@code robber} processes: {@code robber keys init} makes the
 * group's certificates, a push with {@code --tls-cert/--tls-key/--tls-ca} on every node delivers
 * verified copies and names each node by its certificate, and a receiver with a certificate of another
 * CA stops at once with exit 2 while the push goes on without it.
 */
class TlsPushIT {
    private static final long SIZE = 8L << 20;

    @TempDir
    Path work;
    @RegisterExtension
    final RobberProcesses processes = new RobberProcesses(() -> work);

    private String[] tls(Path keys, String id) {
        return new String[] {"--tls-cert", keys.resolve(id + ".pem").toString(), "--tls-key",
                keys.resolve(id + "-key.pem").toString(), "--tls-ca", keys.resolve("ca.pem").toString()};
    }

    private RobberProcesses.Node start(String name, String[] command, String[] tls) throws Exception {
        return processes.start(name, RobberProcesses.concat(command, tls));
    }

    @Test
    void aPushWithKeysFromKeysInitDeliversAndRefusesAStrangersCertificate() throws Exception {
        Path keys = work.resolve("keys");
        Path strangers = work.resolve("strangers");
        RobberProcesses.Node init = processes.start("keys", "keys", "init", "--dir", keys.toString(), "root", "a1", "b1");
        assertThat(init.awaitExit()).as("keys init stderr:%n%s", init.stderr()).isZero();
        RobberProcesses.Node other = processes.start("strangers", "keys", "init", "--dir", strangers.toString(), "x1");
        assertThat(other.awaitExit()).as("keys init stderr:%n%s", other.stderr()).isZero();
        Path data = work.resolve("data.bin");
        RobberProcesses.writeData(data, SIZE, 29);
        String coordinator = RobberProcesses.coordinator("127.0.0.80");

        RobberProcesses.Node sender = start("sender", new String[] {"send", data.toString(), "--listen", coordinator,
                "--expect", "2", "--cluster", "r", "--wait", "2m", "--timeout", "3m"}, tls(keys, "root"));
        RobberProcesses.Node stranger = start("x1", new String[] {"receive", "--coordinator", coordinator, "--listen",
                "127.0.3.80", "--out", work.resolve("out-x1").toString(), "--wait", "2m"}, tls(strangers, "x1"));
        assertThat(stranger.awaitExit()).as("x1 stderr:%n%s", stranger.stderr()).isEqualTo(2);
        assertThat(stranger.stderr()).contains("TLS");

        RobberProcesses.Node a1 = start("a1", new String[] {"receive", "--coordinator", coordinator, "--listen",
                "127.0.1.80", "--cluster", "a", "--out", work.resolve("out-a1").toString(), "--wait", "2m"},
                tls(keys, "a1"));
        RobberProcesses.Node b1 = start("b1", new String[] {"receive", "--coordinator", coordinator, "--listen",
                "127.0.2.80", "--cluster", "b", "--out", work.resolve("out-b1").toString(), "--wait", "2m",
                "--tls-sender", "root"},
                tls(keys, "b1"));

        assertThat(a1.awaitExit()).as("a1 stderr:%n%s", a1.stderr()).isZero();
        assertThat(b1.awaitExit()).as("b1 stderr:%n%s", b1.stderr()).isZero();
        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isZero();
        String sha = RobberProcesses.sha256(data);
        assertThat(RobberProcesses.sha256(work.resolve("out-a1/data.bin"))).isEqualTo(sha);
        assertThat(RobberProcesses.sha256(work.resolve("out-b1/data.bin"))).isEqualTo(sha);
        assertThat(sender.stdout()).containsPattern("(?m)^root +r ").containsPattern("(?m)^a1 +a ")
                .containsPattern("(?m)^b1 +b ");
        assertThat(sender.stderr()).doesNotContain("no --secret-file or --tls-cert");
    }
}
