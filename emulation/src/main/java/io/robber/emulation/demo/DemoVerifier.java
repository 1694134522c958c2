package io.robber.emulation.demo;

import io.robber.api.RobberException;
import io.robber.api.Storage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Checks every copy byte for byte against the root's data. One thread per core takes every
 * n-th copy and walks its copies and the root's data together, a chunk at a time, so each chunk of
 * the root is read once per thread, not once per copy. A comparison costs a copy out of storage and
 * a {@code memcmp}, about a third of what hashing every copy with SHA-256 cost.
 */
final class DemoVerifier {
    private static final int CHUNK = 1 << 20;

    private DemoVerifier() {
    }

    /**
     * Which copies hold exactly the bytes of {@code root}. Nodes with an error are not checked (and not
     * verified); a copy that cannot be read gets its error recorded in {@code errors}.
     */
    static boolean[] verify(List<Storage> storages, Storage root, String[] errors) throws InterruptedException {
        int threads = Math.min(Runtime.getRuntime().availableProcessors(), Math.max(1, storages.size()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "robber-demo-verify");
            t.setDaemon(true);
            return t;
        });
        boolean[] verified = new boolean[storages.size()];
        try {
            List<Future<?>> workers = new ArrayList<>(threads);
            for (int w = 0; w < threads; w++) {
                List<Integer> mine = new ArrayList<>();
                for (int i = w; i < storages.size(); i += threads) {
                    if (errors[i] == null) {
                        mine.add(i);
                    }
                }
                workers.add(pool.submit(() -> compare(storages, mine, root, verified, errors)));
            }
            for (Future<?> worker : workers) {
                try {
                    worker.get();
                } catch (ExecutionException e) {
                    throw new IllegalStateException("verifying the copies failed", e.getCause());
                }
            }
            return verified;
        } finally {
            pool.shutdownNow();
        }
    }

    /** Compares the copies {@code indices} with {@code root}; sets their verdicts, or their errors. */
    private static void compare(List<Storage> storages, List<Integer> indices, Storage root, boolean[] verified,
                                String[] errors) {
        ByteBuffer expected = ByteBuffer.allocate(CHUNK);
        ByteBuffer actual = ByteBuffer.allocate(CHUNK);
        List<Integer> matching = new ArrayList<>();
        for (int i : indices) {
            if (storages.get(i).size() == root.size()) {
                matching.add(i);
            }
        }
        try {
            for (long position = 0; position < root.size() && !matching.isEmpty(); position += CHUNK) {
                int length = (int) Math.min(CHUNK, root.size() - position);
                read(root, position, length, expected);
                for (var it = matching.iterator(); it.hasNext(); ) {
                    int i = it.next();
                    try {
                        read(storages.get(i), position, length, actual);
                    } catch (IOException | RuntimeException e) {
                        errors[i] = "cannot read its copy: " + RobberException.describe(e);
                        it.remove();
                        continue;
                    }
                    if (actual.mismatch(expected) >= 0) {
                        it.remove();
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the root's data: " + RobberException.describe(e), e);
        }
        matching.forEach(i -> verified[i] = true);
    }

    private static void read(Storage storage, long position, int length, ByteBuffer into) throws IOException {
        into.clear().limit(length);
        storage.read(position, into);
        into.flip();
    }
}
