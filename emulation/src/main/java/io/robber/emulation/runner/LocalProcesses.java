package io.robber.emulation.runner;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What the real-process backends do with the processes and files they start: a JVM command line
 * like this one's, an orderly stop, and a working directory removed afterwards.
 */
public final class LocalProcesses {
    /** How long a process may take to end after it was asked to. */
    private static final long STOP_SECONDS = 5;

    private LocalProcesses() {
    }

    /**
     * The command line of a JVM (this one's {@code java}) with at most {@code heap} of heap and the
     * flags every short-lived node uses (serial GC, the C1 compiler only), then {@code jvmArgs} (e.g. {@code -jar PATH} or
     * {@code -cp PATH CLASS}) and {@code args}.
     */
    public static List<String> java(String heap, List<String> jvmArgs, List<String> args) {
        List<String> line = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Xmx" + heap, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
        line.addAll(jvmArgs);
        line.addAll(args);
        return line;
    }

    /** The first executable {@code tool} in the {@code PATH}'s directories, then in /usr/sbin and /sbin. */
    public static Optional<Path> onPath(String tool) {
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(File.pathSeparator)));
        }
        dirs.addAll(List.of("/usr/sbin", "/sbin"));
        return dirs.stream().filter(d -> !d.isEmpty()).map(d -> Path.of(d, tool)).filter(Files::isExecutable)
                .findFirst();
    }

    /** Asks every process to end, waits for it a few seconds, then kills what is left. */
    public static void stop(Collection<Process> processes) {
        processes.forEach(Process::destroy);
        for (Process p : processes) {
            try {
                if (!p.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
    }

    /** Deletes {@code dir} and everything under it. */
    public static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
