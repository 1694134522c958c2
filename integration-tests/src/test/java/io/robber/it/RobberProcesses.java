package io.robber.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts {@code java -jar robber.jar ...} processes with small heaps, or the {@code robber} launcher, their
 * output in files under {@code logs} in the test's directory, and destroys whatever is left after each
 * test. A JUnit extension: {@code @RegisterExtension final RobberProcesses processes = new
 * RobberProcesses(() -> work);} beside the test's {@code @TempDir Path work}.
 */
final class RobberProcesses implements AfterEachCallback {
    static final Duration PROCESS_TIMEOUT = Duration.ofMinutes(4);

    private final Supplier<Path> work;
    private final List<Node> nodes = new ArrayList<>();

    /** One started process and where its output goes. */
    record Node(String name, Process process, Path out, Path err) {
        String stdout() {
            return read(out);
        }

        String stderr() {
            return read(err);
        }

        /**
         * Sends it {@code signal} ({@code STOP}, {@code CONT}, ...) with the shell's built-in {@code kill},
         * which needs no package beyond the shell.
         */
        void signal(String signal) throws IOException, InterruptedException {
            Process kill = new ProcessBuilder("sh", "-c", "kill -" + signal + " " + process.pid()).inheritIO().start();
            assertThat(kill.waitFor()).as("kill -%s %s", signal, name).isZero();
        }

        /** Waits for the exit, failing the test (with the output) if it does not come in time. */
        int awaitExit() throws InterruptedException {
            boolean exited = process.waitFor(PROCESS_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            assertThat(exited).as("%s exited within %s; stderr:%n%s", name, PROCESS_TIMEOUT, stderr()).isTrue();
            return process.exitValue();
        }

        /**
         * Waits until its stderr says one of {@code texts} and returns the first that it does; fails
         * the test (with the output) if the process ends first or nothing comes in time.
         */
        String awaitSaying(String... texts) throws InterruptedException {
            return awaitStderr(List.of(texts).toString(), err -> {
                for (String text : texts) {
                    if (err.contains(text)) {
                        return text;
                    }
                }
                return null;
            });
        }

        /** Waits until {@code seen} finds something in its stderr (non-null), as {@link #awaitSaying}. */
        <T> T awaitStderr(String what, Function<String, T> seen) throws InterruptedException {
            long deadline = System.nanoTime() + PROCESS_TIMEOUT.toNanos();
            while (System.nanoTime() < deadline) {
                String err = stderr();
                T found = seen.apply(err);
                if (found != null) {
                    return found;
                }
                assertThat(process.isAlive()).as("%s still runs; stderr:%n%s", name, err).isTrue();
                Thread.sleep(20);
            }
            throw new AssertionError(name + " never said " + what + "; stderr:\n" + stderr());
        }

        private static String read(Path file) {
            try {
                return Files.readString(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** @param work the test's directory, asked for at the first start (a {@code @TempDir} field is set after the extension) */
    RobberProcesses(Supplier<Path> work) {
        this.work = work;
    }

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        destroyAll();
    }

    /** Polls {@code done} until it holds, failing the test if it does not within {@link #PROCESS_TIMEOUT}. */
    static void await(String what, BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + PROCESS_TIMEOUT.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + PROCESS_TIMEOUT + " for " + what);
            }
            Thread.sleep(100);
        }
    }

    static Path jar() {
        String path = System.getProperty("robber.jar", "../cli/target/robber.jar");
        Path jar = Path.of(path).toAbsolutePath().normalize();
        assertThat(jar).as("the fat jar (build it with ./mvnw package)").isRegularFile();
        return jar;
    }

    Node start(String name, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(javaBin(), "-Xmx256m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-jar", jar().toString()));
        command.addAll(List.of(args));
        return start(name, new ProcessBuilder(command));
    }

    /**
     * Runs {@code main} of this module's test classes (a process built on the library, e.g. a hostile
     * member) with {@code args}, on this JVM's class path.
     */
    Node startMain(String name, Class<?> main, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(javaBin(), "-Xmx256m", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return start(name, new ProcessBuilder(command));
    }

    /** Runs {@code launcher args...} (the {@code robber} script) with {@code env} added to the environment. */
    Node startLauncher(String name, Path launcher, Map<String, String> env, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().putAll(env);
        return start(name, builder);
    }

    private Node start(String name, ProcessBuilder builder) throws IOException {
        Path logs = Files.createDirectories(work.get().resolve("logs"));
        Path out = logs.resolve(name + ".out");
        Path err = logs.resolve(name + ".err");
        Process process = builder
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(nullFile()))
                .start();
        Node node = new Node(name, process, out, err);
        nodes.add(node);
        return node;
    }

    private void destroyAll() throws InterruptedException {
        for (Node n : nodes) {
            n.process().descendants().forEach(ProcessHandle::destroyForcibly);
            n.process().destroyForcibly();
        }
        for (Node n : nodes) {
            n.process().waitFor(30, TimeUnit.SECONDS);
        }
        nodes.clear();
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static java.io.File nullFile() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    /** {@code first} followed by {@code more}: a command line with options added. */
    static String[] concat(String[] first, String... more) {
        String[] all = java.util.Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }

    /** {@code HOST:PORT} with a port nobody listens on at {@code host} right now: for a coordinator. */
    static String coordinator(String host) throws IOException {
        return host + ":" + freePort(host);
    }

    /** A port nobody listens on at {@code host} right now. */
    static int freePort(String host) throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(host, 0));
            return s.getLocalPort();
        }
    }

    /** Writes {@code size} pseudo-random bytes (seeded) to {@code file}. */
    static void writeData(Path file, long size, long seed) throws IOException {
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        byte[] chunk = new byte[1 << 20];
        try (var out = Files.newOutputStream(file)) {
            for (long written = 0; written < size; written += chunk.length) {
                for (int i = 0; i < chunk.length; i += 8) {
                    long v = random.nextLong();
                    for (int b = 0; b < 8 && i + b < chunk.length; b++) {
                        chunk[i + b] = (byte) (v >>> (8 * b));
                    }
                }
                out.write(chunk, 0, (int) Math.min(chunk.length, size - written));
            }
        }
    }

    static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                sha.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
