package io.robber.cli.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.robber.cli.CliRun;
import io.robber.cli.ExitCodes;
import io.robber.cli.JsonOutput;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code send}, {@code receive} and {@code node} in this JVM: errors, exit codes and one small transfer. */
class TransferCommandsTest {
    @TempDir
    Path dir;


    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }

    private static String lastLine(String text) {
        String[] lines = text.strip().split("\n");
        return lines[lines.length - 1];
    }

    @Test
    void aMissingPathIsAUsageErrorThatNamesIt() {
        CliRun run = CliRun.of("send", dir.resolve("nope.bin").toString(), "--listen", "127.0.0.1:" + 7799, "--expect", "1");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(lastLine(run.err())).startsWith("robber send: path not found:").contains("nope.bin");
    }

    @Test
    void aPortInUseIsAUsageErrorWithWhatToDo() throws IOException {
        Path data = Files.writeString(dir.resolve("d.bin"), "data");
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            CliRun run = CliRun.of("send", data.toString(), "--listen", "127.0.0.1:" + busy.getLocalPort(), "--expect", "1");

            assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
            assertThat(lastLine(run.err())).contains("cannot listen on 127.0.0.1:" + busy.getLocalPort())
                    .contains("in use").contains("--listen");
        }
    }

    @Test
    void anUnreachableCoordinatorFailsAfterWait() throws IOException {
        CliRun run = CliRun.of("receive", "--coordinator", "127.0.0.1:" + freePort(), "--out", dir.toString(),
                "--wait", "300ms");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.FAILED);
        assertThat(lastLine(run.err())).contains("unreachable after 300ms").contains("Connection refused");
    }

    @Test
    void withJsonAFailureStillPrintsOneObject() throws IOException {
        CliRun run = CliRun.of("receive", "--coordinator", "127.0.0.1:" + freePort(), "--out", dir.toString(),
                "--wait", "200ms", "--json", "--id", "me");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.FAILED);
        JsonNode summary = JsonOutput.mapper().readTree(run.out());
        assertThat(summary.get("role").asText()).isEqualTo("receiver");
        assertThat(summary.get("id").asText()).isEqualTo("me");
        assertThat(summary.get("verified").asBoolean()).isFalse();
        assertThat(summary.get("error").asText()).contains("unreachable");
    }

    @Test
    void anOutputThatIsAFileIsAUsageError() throws IOException {
        Path file = Files.writeString(dir.resolve("f"), "x");
        CliRun run = CliRun.of("receive", "--coordinator", "127.0.0.1:7800", "--out", file.toString());

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(lastLine(run.err())).contains("--out");
    }

    @Test
    void aMissingSecretFileIsAUsageError() {
        CliRun run = CliRun.of("receive", "--coordinator", "127.0.0.1:7800", "--out", dir.toString(), "--secret-file",
                dir.resolve("none").toString());

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err().strip()).contains("secret file").contains("does not exist").doesNotContain("\n");
    }

    @Test
    void missingOptionsAreUsageErrors() {
        assertThat(CliRun.of("send", "x").exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(CliRun.of("receive", "--out", "x").exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(CliRun.of("node", "--group", "g.json").exitCode()).isEqualTo(ExitCodes.USAGE);
        CliRun run = CliRun.of("send", "x", "--listen", "127.0.0.1", "--expect", "0");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("--expect must be at least 1");
    }

    @Test
    void aStaticGroupFromAYamlFileDeliversWithoutARendezvous() throws Exception {
        byte[] bytes = new byte[1 << 20];
        new java.util.Random(9).nextBytes(bytes);
        Path data = Files.write(dir.resolve("static.bin"), bytes);
        int[] ports = {freePort(), freePort(), freePort()};
        Path group = Files.writeString(dir.resolve("group.yaml"), """
                members:
                  - {id: a, cluster: x, address: "127.0.6.1:%d"}
                  - {id: b, cluster: x, address: "127.0.6.2:%d"}
                  - {id: c, cluster: y, address: "127.0.7.1:%d"}
                """.formatted(ports[0], ports[1], ports[2]));
        CompletableFuture<CliRun> b = CompletableFuture.supplyAsync(() -> CliRun.of("node", "--group", group.toString(),
                "--self", "b", "--out", dir.resolve("b").toString(), "--wait", "1m", "--timeout", "2m", "-q"));
        CompletableFuture<CliRun> c = CompletableFuture.supplyAsync(() -> CliRun.of("node", "--group", group.toString(),
                "--self", "c", "--out", dir.resolve("c").toString(), "--wait", "1m", "--timeout", "2m", "-q"));
        CliRun a = CliRun.of("node", "--group", group.toString(), "--self", "a", data.toString(), "--json", "--wait", "1m",
                "--timeout", "2m");

        assertThat(a.exitCode()).as(a.err()).isZero();
        JsonNode summary = JsonOutput.mapper().readTree(a.out());
        assertThat(summary.get("nodes")).hasSize(3);
        assertThat(summary.get("pieceSize").asInt()).as("no --piece-size: chosen by the data's size, 1 MiB / 2048 at least 64 KiB")
                .isEqualTo(64 << 10);
        assertThat(b.get(3, TimeUnit.MINUTES).exitCode()).isZero();
        assertThat(c.get(3, TimeUnit.MINUTES).exitCode()).isZero();
        assertThat(dir.resolve("b/static.bin")).hasBinaryContent(bytes);
        assertThat(dir.resolve("c/static.bin")).hasBinaryContent(bytes);
    }

    @Test
    void aSmallFileReachesTwoReceiversWithJsonSummaries() throws Exception {
        byte[] bytes = new byte[3 << 20];
        new java.util.Random(7).nextBytes(bytes);
        Path data = Files.write(dir.resolve("payload.bin"), bytes);
        Path secret = Files.writeString(dir.resolve("secret"), "shh\n");
        String coordinator = "127.0.0.1:" + freePort();
        CompletableFuture<CliRun> sender = CompletableFuture.supplyAsync(() -> CliRun.of("send", data.toString(), "--listen",
                coordinator, "--expect", "2", "--json", "--secret-file", secret.toString(), "--piece-size", "256KiB",
                "--wait", "1m", "--timeout", "2m"));
        List<CompletableFuture<CliRun>> receivers = List.of(1, 2).stream().map(i -> CompletableFuture.supplyAsync(() ->
                CliRun.of("receive", "--coordinator", coordinator, "--listen", "127.0.5." + i, "--cluster", "c" + i,
                        "--out", dir.resolve("out" + i).toString(), "--json", "--secret-file", secret.toString(),
                        "--wait", "1m", "--timeout", "2m"))).toList();

        CliRun send = sender.get(3, TimeUnit.MINUTES);
        assertThat(send.exitCode()).as(send.err()).isZero();
        JsonNode summary = JsonOutput.mapper().readTree(send.out());
        assertThat(summary.get("verified").asBoolean()).isTrue();
        assertThat(summary.get("nodes")).hasSize(3);
        assertThat(summary.get("bytes").asLong()).isEqualTo(bytes.length);
        assertThat(summary.get("pieceSize").asInt()).as("--piece-size 256KiB").isEqualTo(256 << 10);
        for (int i = 1; i <= 2; i++) {
            CliRun receive = receivers.get(i - 1).get(3, TimeUnit.MINUTES);
            assertThat(receive.exitCode()).as(receive.err()).isZero();
            JsonNode own = JsonOutput.mapper().readTree(receive.out());
            assertThat(own.get("role").asText()).isEqualTo("receiver");
            assertThat(own.get("sha256").asText()).isEqualTo(summary.get("sha256").asText());
            assertThat(dir.resolve("out" + i).resolve("payload.bin")).hasBinaryContent(bytes);
        }
        assertThat(send.err()).doesNotContain("no --secret-file");
    }
}
