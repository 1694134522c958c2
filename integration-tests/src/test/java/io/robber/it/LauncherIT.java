package io.robber.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code robber} launcher beside the fat jar: the first successful run of a command writes that command's
 * class-data sharing archive, later runs load their classes from it, a newer jar gets a new archive, the
 * transfer commands leave C2 to the JDK's digests and ciphers, and nothing but the commands' own output
 * reaches stdout.
 */
class LauncherIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A line of {@code -Xlog:jit+compilation=debug}: compile id, flags, tier, method. */
    private static final Pattern COMPILATION =
            Pattern.compile("\\[jit,compilation\\]\\s+\\d+\\s+[%sbn!]*\\s+(\\d)\\s+(\\S+)");

    @TempDir
    Path work;
    private Path bin;
    private Path launcher;
    private Path data;
    @RegisterExtension
    final RobberProcesses processes = new RobberProcesses(() -> work);

    @BeforeEach
    void setUp() throws IOException {
        bin = Files.createDirectories(work.resolve("bin"));
        Path built = RobberProcesses.jar().getParent();
        launcher = Files.copy(built.resolve("robber"), bin.resolve("robber"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(built.resolve("robber.jar"), bin.resolve("robber.jar"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(built.resolve("robber-jit.json"), bin.resolve("robber-jit.json"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(built.resolve("robber-demo-jit.json"), bin.resolve("robber-demo-jit.json"),
                StandardCopyOption.COPY_ATTRIBUTES);
        data = work.resolve("data.bin");
        RobberProcesses.writeData(data, 3L << 20, 7);
    }

    @Test
    void versionRunsWithoutWritingAnArchive() throws Exception {
        RobberProcesses.Node version = processes.startLauncher("version", launcher, Map.of(), "--version");

        assertThat(version.awaitExit()).as(version.stderr()).isZero();
        assertThat(version.stdout()).startsWith("robber ");
        assertThat(archives()).isEmpty();
    }

    @Test
    void aLinkToTheLauncherFindsTheJarBesideItsTarget() throws Exception {
        Path link = Files.createSymbolicLink(Files.createDirectories(work.resolve("path")).resolve("robber"), launcher);
        RobberProcesses.Node version = processes.startLauncher("linked", link, Map.of(), "--version");

        assertThat(version.awaitExit()).as(version.stderr()).isZero();
        assertThat(version.stdout()).startsWith("robber ");
    }

    @Test
    void theFirstPushWritesTheArchiveAndTheNextOneLoadsClassesFromIt() throws Exception {
        push("first", Map.of(), Map.of());
        assertThat(archives()).as("one archive per command").containsExactlyInAnyOrder("robber-send.jsa",
                "robber-receive.jsa");
        assertThat(bin.resolve("robber-receive.jsa")).isNotEmptyFile();
        assertThat(leftovers()).as("no lock or partial archive left").isEmpty();

        Path classLog = work.resolve("classes.log");
        push("second", Map.of(), Map.of("JAVA_OPTS", "-Xlog:class+load=info:file=" + classLog));
        String classes = Files.readString(classLog);
        assertThat(classes).as("a receiver's classes come from the archive")
                .containsPattern("io\\.robber\\.rendezvous\\.Receiver source: shared objects file \\(top\\)");
        assertThat(classes).as("picocli's too: the jar holds them as Java 8 classes, which an archive can keep")
                .containsPattern("picocli\\.CommandLine source: shared objects file \\(top\\)")
                .doesNotContainPattern("picocli\\.\\S+ source: (file|jar):");
    }

    @Test
    void aFailedRunLeavesNoArchiveForTheTransferAfterIt() throws Exception {
        RobberProcesses.Node lost = processes.startLauncher("lost", launcher, Map.of(), "receive",
                "--coordinator", "127.0.3.1:1", "--out", work.resolve("lost").toString(), "--wait", "1ms");

        assertThat(lost.awaitExit()).as(lost.stderr()).isNotZero();
        assertThat(archives()).as("a receiver that never met its coordinator loaded too few classes").isEmpty();
        assertThat(leftovers()).isEmpty();

        push("then", Map.of(), Map.of());
        assertThat(archives()).containsExactlyInAnyOrder("robber-send.jsa", "robber-receive.jsa");
    }

    @Test
    void helpAndTheVersionLeaveNoArchiveForTheTransferAfterThem() throws Exception {
        for (String[] args : List.of(new String[] {"receive", "--help"}, new String[] {"send", "-h"},
                new String[] {"send", "--version"}, new String[] {"receive", "-V"})) {
            RobberProcesses.Node help = processes.startLauncher(String.join("", args), launcher, Map.of(), args);

            assertThat(help.awaitExit()).as(help.stderr()).isZero();
            assertThat(help.stdout()).as(String.join(" ", args)).isNotBlank();
        }
        assertThat(archives()).as("printing help or the version loads too few classes for an archive").isEmpty();
        assertThat(leftovers()).isEmpty();

        push("then", Map.of(), Map.of());
        assertThat(archives()).containsExactlyInAnyOrder("robber-send.jsa", "robber-receive.jsa");
    }

    @Test
    void aNewerJarGetsANewArchive() throws Exception {
        push("first", Map.of(), Map.of());
        Path archive = bin.resolve("robber-receive.jsa");
        FileTime old = FileTime.from(Instant.now().minusSeconds(3600));
        Files.setLastModifiedTime(archive, old); // older than the jar, as after a rebuild

        push("after-rebuild", Map.of(), Map.of());

        assertThat(Files.getLastModifiedTime(archive)).isGreaterThan(old);
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void withTheArchiveOffNoneIsWritten() throws Exception {
        push("plain", Map.of("ROBBER_CDS", "off"), Map.of());

        assertThat(archives()).isEmpty();
    }

    @Test
    void transferCommandsLeaveC2ToTheDigestsAndCiphers() throws Exception {
        data = Files.createDirectories(work.resolve("more")).resolve("data.bin");
        RobberProcesses.writeData(data, 24L << 20, 11); // enough pieces for some of the receiver's methods to get hot
        Path log = work.resolve("jit.log");
        push("jit", Map.of(), Map.of("JAVA_OPTS", "-Xlog:jit+compilation=debug:file=" + log));

        List<String> lines = Files.readAllLines(log);
        assertThat(compiledAt(lines, 4)).as("C2 compiles SHA-256 for the pieces' digests")
                .anyMatch(m -> m.startsWith("sun.security.provider.SHA2::"))
                .allMatch(m -> m.startsWith("sun.security.provider.") || m.startsWith("com.sun.crypto.provider."));
        List<String> profiled = compiledAt(lines, 3);
        assertThat(compiledAt(lines, 1)).as("methods C1 compiled with profiles for C2 are compiled again by C1")
                .anyMatch(m -> (m.startsWith("io.robber.") || m.startsWith("io.netty.")) && profiled.contains(m));
    }

    @Test
    void withoutTheDirectivesC2CompilesEverythingHot() throws Exception {
        Files.delete(bin.resolve("robber-jit.json"));
        Path log = work.resolve("jit.log");
        push("no-directives", Map.of(), Map.of("JAVA_OPTS", "-Xlog:jit+compilation=debug:file=" + log));

        assertThat(compiledAt(Files.readAllLines(log), 4)).as("C2 compiles more than the JDK's digests")
                .anyMatch(m -> !m.startsWith("sun.security.provider.") && !m.startsWith("com.sun.crypto.provider."));
    }

    @Test
    void theDemoLeavesC2ToAllButRobbersOwnCode() throws Exception {
        Path log = work.resolve("demo-jit.log");
        RobberProcesses.Node demo = processes.startLauncher("demo", launcher,
                Map.of("JAVA_OPTS", "-Xlog:jit+compilation=debug:file=" + log), "demo", "--scale", "0.01", "--json");

        assertThat(demo.awaitExit()).as(demo.stderr()).isZero();
        assertThat(JSON.readTree(demo.stdout()).get("verified").asBoolean()).isTrue();
        List<String> lines = Files.readAllLines(log);
        assertThat(compiledAt(lines, 4)).as("C2 compiles Netty's and the JDK's hot methods, none of Robber's")
                .anyMatch(m -> m.startsWith("io.netty.") || m.startsWith("java."))
                .noneMatch(m -> m.startsWith("io.robber."));
        assertThat(compiledAt(lines, 1)).as("C1 compiles Robber's hot methods for good")
                .anyMatch(m -> m.startsWith("io.robber."));
    }

    /** The methods a {@code -Xlog:jit+compilation=debug} log shows compiled at tier {@code level}. */
    private static List<String> compiledAt(List<String> log, int level) {
        List<String> methods = new ArrayList<>();
        for (String l : log) {
            Matcher m = COMPILATION.matcher(l);
            if (m.find() && Integer.parseInt(m.group(1)) == level) {
                methods.add(m.group(2));
            }
        }
        return methods;
    }

    /**
     * Pushes {@code data} to two receivers through the launcher, every process with {@code env}, the first
     * receiver also with {@code firstReceiverEnv}; checks the copies and the JSON on stdout.
     */
    private void push(String name, Map<String, String> env, Map<String, String> firstReceiverEnv) throws Exception {
        String host = "127.0.3.1";
        String coordinator = RobberProcesses.coordinator(host);
        RobberProcesses.Node sender = processes.startLauncher(name + "-sender", launcher, env, "send",
                data.toString(), "--listen", coordinator, "--expect", "2", "--json", "--quiet", "--timeout", "3m");
        List<RobberProcesses.Node> receivers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Map<String, String> receiverEnv = new HashMap<>(env);
            if (i == 0) {
                receiverEnv.putAll(firstReceiverEnv);
            }
            receivers.add(processes.startLauncher(name + "-receiver" + i, launcher, receiverEnv,
                    "receive", "--coordinator", coordinator, "--listen", "127.0.3." + (i + 2), "--out",
                    work.resolve(name + "-out" + i).toString(), "--json", "--quiet", "--timeout", "3m"));
        }
        for (RobberProcesses.Node r : receivers) {
            assertThat(r.awaitExit()).as("%s stderr:%n%s", r.name(), r.stderr()).isZero();
            JsonNode summary = JSON.readTree(r.stdout());
            assertThat(summary.get("verified").asBoolean()).isTrue();
        }
        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isZero();
        JsonNode summary = JSON.readTree(sender.stdout());
        assertThat(summary.get("verified").asBoolean()).isTrue();
        String sha = RobberProcesses.sha256(data);
        for (int i = 0; i < 2; i++) {
            assertThat(RobberProcesses.sha256(work.resolve(name + "-out" + i).resolve("data.bin"))).isEqualTo(sha);
        }
    }

    /** The names of the archives beside the jar. */
    private List<String> archives() throws IOException {
        try (Stream<Path> files = Files.list(bin)) {
            return files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".jsa")).toList();
        }
    }

    /** Files beside the jar that are neither the launcher, its directives, the jar nor an archive. */
    private List<Path> leftovers() throws IOException {
        try (Stream<Path> files = Files.list(bin)) {
            return files.filter(f -> !f.getFileName().toString()
                    .matches("robber|robber\\.jar|robber(-demo)?-jit\\.json|robber-\\w+\\.jsa")).toList();
        }
    }
}
