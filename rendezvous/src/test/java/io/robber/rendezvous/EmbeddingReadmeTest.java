package io.robber.rendezvous;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two programs of README.md's "Embedding" section, taken from the README as they are, compiled
 * with the system Java compiler against this module's test class path and run in this JVM: one
 * {@code PushFile} and two {@code ReceiveFile}s on 127.0.0.1. The programs read their paths and
 * addresses from {@code args}, so the test only chooses the arguments.
 */
class EmbeddingReadmeTest {
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL);

    @TempDir
    Path dir;

    @Test
    void theReadmeProgramsPushAFileToTwoReceivers() throws Exception {
        String section = embeddingSection(Files.readString(Path.of("..", "README.md")));
        String push = program(section, "PushFile");
        String receive = program(section, "ReceiveFile");
        assertThat(push.strip().lines()).as("the push program, imports included").hasSizeLessThanOrEqualTo(15);

        Path classes = compile(push, receive);
        byte[] bytes = new byte[3 << 20];
        new Random(11).nextBytes(bytes);
        Path data = Files.write(dir.resolve("data.bin"), bytes);
        String coordinator = "127.0.0.1:" + freePort();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            List<CompletableFuture<Void>> receivers = List.of(1, 2).stream()
                    .map(i -> run(loader, "ReceiveFile", coordinator, dir.resolve("out" + i).toString())).toList();
            CompletableFuture<Void> pushing = run(loader, "PushFile", data.toString(), coordinator, "2");
            List<CompletableFuture<Void>> all = new ArrayList<>(receivers);
            all.add(pushing);
            // the first program to fail ends the test with its exception, not the others' wait for it
            while (all.stream().anyMatch(f -> !f.isDone())) {
                CompletableFuture.anyOf(all.stream().filter(f -> !f.isDone()).toArray(CompletableFuture[]::new))
                        .get(3, TimeUnit.MINUTES);
                all.stream().filter(CompletableFuture::isCompletedExceptionally).findFirst().ifPresent(f -> f.join());
            }
        }
        assertThat(dir.resolve("out1/data.bin")).hasBinaryContent(bytes);
        assertThat(dir.resolve("out2/data.bin")).hasBinaryContent(bytes);
    }

    private static String embeddingSection(String readme) {
        int start = readme.indexOf("\n## Embedding\n");
        assertThat(start).as("README.md has an Embedding section").isNotNegative();
        int end = readme.indexOf("\n## ", start + 1);
        return readme.substring(start, end < 0 ? readme.length() : end);
    }

    /** The java block of the section that declares {@code public class NAME}. */
    private static String program(String section, String name) {
        Matcher m = JAVA_BLOCK.matcher(section);
        while (m.find()) {
            if (m.group(1).contains("public class " + name + " ")) {
                return m.group(1);
            }
        }
        throw new AssertionError("README.md's Embedding section shows no program " + name);
    }

    /** Compiles the programs against this JVM's class path (the module's test class path). */
    private Path compile(String... programs) throws IOException {
        Path sources = Files.createDirectories(dir.resolve("src"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<Path> files = new ArrayList<>();
        for (String program : programs) {
            Matcher name = Pattern.compile("public class (\\w+)").matcher(program);
            assertThat(name.find()).isTrue();
            files.add(Files.writeString(sources.resolve(name.group(1) + ".java"), program));
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter errors = new StringWriter();
        try (StandardJavaFileManager fileManager = javac.getStandardFileManager(null, null, null)) {
            boolean compiled = javac.getTask(errors, fileManager, null,
                    List.of("-d", classes.toString(), "-classpath", System.getProperty("java.class.path"), "-proc:none"),
                    null, fileManager.getJavaFileObjectsFromPaths(files)).call();
            assertThat(compiled).as("javac on the README's programs:%n%s", errors).isTrue();
        }
        return classes;
    }

    /** Runs {@code main} of a compiled program on its own thread. */
    private static CompletableFuture<Void> run(ClassLoader loader, String program, String... args) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                Method main = loader.loadClass(program).getMethod("main", String[].class);
                main.invoke(null, (Object) args);
                done.complete(null);
            } catch (ReflectiveOperationException | RuntimeException e) {
                done.completeExceptionally(e);
            }
        }, program);
        thread.setDaemon(true);
        thread.start();
        return done;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }
}
