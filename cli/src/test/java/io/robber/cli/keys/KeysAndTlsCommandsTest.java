package io.robber.cli.keys;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.cli.CliRun;
import io.robber.cli.ExitCodes;
import io.robber.security.TlsIdentity;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** {@code robber keys init}, and a group of {@code robber node}s running on the files it made. */
class KeysAndTlsCommandsTest {
    @TempDir
    Path dir;


    @Test
    void initMakesACaAndACertificatePerMemberThatLoad() {
        Path keys = dir.resolve("keys");
        CliRun run = CliRun.of("keys", "init", "--dir", keys.toString(), "a", "b");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("made a new CA: " + keys.resolve("ca.pem"))
                .contains("a: --tls-cert " + keys.resolve("a.pem") + " --tls-key " + keys.resolve("a-key.pem")
                        + " --tls-ca " + keys.resolve("ca.pem"));
        TlsIdentity b = TlsIdentity.load(keys.resolve("b.pem"), keys.resolve("b-key.pem"), keys.resolve("ca.pem"));
        assertThat(b.name()).isEqualTo("b");
    }

    /** The robber jar carries BoringSSL for linux-x86_64: its data connections encrypt with it, not the JDK. */
    @Test
    @EnabledOnOs(value = OS.LINUX, architectures = "amd64")
    void onLinuxX86TlsRunsOnBoringSsl() {
        Path keys = dir.resolve("keys");
        assertThat(CliRun.of("keys", "init", "--dir", keys.toString(), "a").exitCode()).isZero();
        TlsIdentity a = TlsIdentity.load(keys.resolve("a.pem"), keys.resolve("a-key.pem"), keys.resolve("ca.pem"));
        assertThat(a.provider()).isEqualTo("BoringSSL");
    }

    @Test
    void aLaterRunReusesTheCaAndKeepsExistingCertificates() throws IOException {
        Path keys = dir.resolve("keys");
        assertThat(CliRun.of("keys", "init", "--dir", keys.toString(), "a").exitCode()).isZero();
        String ca = Files.readString(keys.resolve("ca.pem"));

        CliRun again = CliRun.of("keys", "init", "--dir", keys.toString(), "c");
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out()).contains("using the CA in " + keys.resolve("ca.pem"));
        assertThat(Files.readString(keys.resolve("ca.pem"))).isEqualTo(ca);
        TlsIdentity.load(keys.resolve("c.pem"), keys.resolve("c-key.pem"), keys.resolve("ca.pem"));

        CliRun clash = CliRun.of("keys", "init", "--dir", keys.toString(), "a");
        assertThat(clash.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(clash.err()).contains(keys.resolve("a.pem") + " exists already: pass --force");
        assertThat(CliRun.of("keys", "init", "--dir", keys.toString(), "--force", "a").exitCode()).isZero();
    }

    @Test
    void anIdThatCannotNameAFileIsAUsageError() {
        CliRun run = CliRun.of("keys", "init", "--dir", dir.toString(), "../escape");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("member id '../escape' cannot name its certificate files");
    }

    @Test
    void tlsOptionsGoTogether() {
        CliRun run = CliRun.of("receive", "--coordinator", "127.0.0.1:1", "--out", dir.resolve("out").toString(),
                "--tls-cert", dir.resolve("a.pem").toString());
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("TLS needs --tls-cert, --tls-key and --tls-ca together; missing --tls-key "
                + "and --tls-ca");
    }

    @Test
    void anExpectedSenderNeedsTls() {
        CliRun run = CliRun.of("receive", "--coordinator", "127.0.0.1:1", "--out", dir.resolve("out").toString(),
                "--tls-sender", "root");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("--tls-sender needs TLS: pass --tls-cert, --tls-key and --tls-ca as well");
    }

    @Test
    void aStaticGroupDeliversOverTlsWithTheFilesOfInit() throws Exception {
        Path keys = dir.resolve("keys");
        assertThat(CliRun.of("keys", "init", "--dir", keys.toString(), "a", "b", "c").exitCode()).isZero();
        byte[] bytes = new byte[1 << 20];
        new Random(11).nextBytes(bytes);
        Path data = Files.write(dir.resolve("static.bin"), bytes);
        Path group = Files.writeString(dir.resolve("group.yaml"), """
                members:
                  - {id: a, cluster: x, address: "127.0.6.1:%d"}
                  - {id: b, cluster: x, address: "127.0.6.2:%d"}
                  - {id: c, cluster: y, address: "127.0.7.1:%d"}
                """.formatted(freePort(), freePort(), freePort()));
        CompletableFuture<CliRun> b = CompletableFuture.supplyAsync(() -> CliRun.of(node(keys, group, "b",
                "--out", dir.resolve("b").toString(), "-q")));
        CompletableFuture<CliRun> c = CompletableFuture.supplyAsync(() -> CliRun.of(node(keys, group, "c",
                "--out", dir.resolve("c").toString(), "-q")));
        CliRun a = CliRun.of(node(keys, group, "a", data.toString()));

        assertThat(a.exitCode()).as(a.err()).isZero();
        assertThat(a.err()).doesNotContain("no --secret-file");
        assertThat(b.get(3, TimeUnit.MINUTES).exitCode()).isZero();
        assertThat(c.get(3, TimeUnit.MINUTES).exitCode()).isZero();
        assertThat(dir.resolve("b/static.bin")).hasBinaryContent(bytes);
        assertThat(dir.resolve("c/static.bin")).hasBinaryContent(bytes);
    }

    private static String[] node(Path keys, Path group, String self, String... more) {
        String[] base = {"node", "--group", group.toString(), "--self", self, "--wait", "1m", "--timeout", "2m",
                "--tls-cert", keys.resolve(self + ".pem").toString(), "--tls-key", keys.resolve(self + "-key.pem").toString(),
                "--tls-ca", keys.resolve("ca.pem").toString()};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }
}
