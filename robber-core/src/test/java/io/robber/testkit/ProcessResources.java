package io.robber.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * What a process holds that a closed channel must give back: the project's threads (named
 * {@code robber-…}) and open file descriptors (from {@code /proc/self/fd}, Linux only). Threads and
 * sockets end asynchronously after a close, so {@link #awaitBack} polls until they are back to a
 * snapshot or a deadline passes.
 */
public record ProcessResources(List<String> threads, OptionalLong fileDescriptors) {
    private static final Path FDS = Path.of("/proc/self/fd");
    private static final Predicate<String> PROJECT_THREAD = name -> name.startsWith("robber-");

    public static ProcessResources now() {
        List<String> threads = Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(PROJECT_THREAD)
                .sorted(Comparator.naturalOrder())
                .toList();
        return new ProcessResources(threads, fileDescriptorCount());
    }

    /** Whether file descriptors can be counted on this system. */
    public static boolean countsFileDescriptors() {
        return Files.isDirectory(FDS);
    }

    /**
     * Polls until no project thread is alive that {@code start} did not have and at most
     * {@code fdMargin} more descriptors are open than at {@code start}, or {@code deadline} passes;
     * returns the last look.
     */
    public static ProcessResources awaitBack(ProcessResources start, int fdMargin, Duration deadline)
            throws InterruptedException {
        long end = System.nanoTime() + deadline.toNanos();
        ProcessResources now = now();
        while (!now.isBackTo(start, fdMargin) && System.nanoTime() < end) {
            Thread.sleep(100);
            now = now();
        }
        return now;
    }

    /** The project threads alive now that {@code start} did not have. */
    public List<String> threadsSince(ProcessResources start) {
        return threads.stream().filter(t -> !start.threads.contains(t)).toList();
    }

    /** Descriptors open now beyond those at {@code start}; 0 where they cannot be counted. */
    public long fileDescriptorsSince(ProcessResources start) {
        if (fileDescriptors.isEmpty() || start.fileDescriptors.isEmpty()) {
            return 0;
        }
        return fileDescriptors.getAsLong() - start.fileDescriptors.getAsLong();
    }

    private boolean isBackTo(ProcessResources start, int fdMargin) {
        return threadsSince(start).isEmpty() && fileDescriptorsSince(start) <= fdMargin;
    }

    private static OptionalLong fileDescriptorCount() {
        if (!countsFileDescriptors()) {
            return OptionalLong.empty();
        }
        try (Stream<Path> fds = Files.list(FDS)) {
            return OptionalLong.of(fds.count());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
