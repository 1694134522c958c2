package io.robber.api;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigest;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads a data set once, in order, and digests its pieces on threads of its own while the reading thread
 * feeds the same bytes, in order, to a digest of the whole data set ({@link Manifest#compute}).
 *
 * <p>A sender describes its data before the transfer can start: one SHA-256 per piece for the manifest
 * and one over all the bytes for the summary. On one thread that is two passes of SHA-256 over the data
 * set, about 0.6 s per 256 MiB on this project's two-core machine, while the receivers wait. Here the
 * whole-data digest, which must see the bytes in order, runs on the reader's thread, and the pieces, which
 * are independent, on one thread per other core: one pass's time on two cores, less on more. The threads
 * are the computation's own, so its speed does not depend on what else runs on the common fork-join pool,
 * from whose task a sender describes its data (256 MiB from such a task: 0.55 → 0.48 s). A few buffers
 * of a piece each let reading run ahead of hashing; pieces over {@value #RING_BYTES} bytes get one buffer.
 */
final class PieceHashing {
    /** Memory for the buffers that reading fills ahead of hashing. */
    static final int RING_BYTES = 64 << 20;

    private PieceHashing() {
    }

    /**
     * The digests of every piece of {@code storage}, concatenated; every byte also goes to {@code stream}, in
     * order, unless it is null.
     */
    static byte[] digests(Storage storage, int pieceSize, int count, MessageDigest stream) throws IOException {
        long size = storage.size();
        byte[] digests = new byte[Math.multiplyExact(count, Manifest.DIGEST_LENGTH)];
        int bufferSize = (int) Math.min(pieceSize, Math.max(size, 1));
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
        ByteBuffer[] ring = new ByteBuffer[Math.max(1, Math.min(threads + 2, RING_BYTES / bufferSize))];
        Future<?>[] hashing = new Future<?>[ring.length];
        ExecutorService hashers = Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(task, "robber-piece-hashing");
            thread.setDaemon(true);
            return thread;
        });
        try {
            for (int piece = 0; piece < count; piece++) {
                int slot = piece % ring.length;
                await(hashing[slot]);
                if (ring[slot] == null) {
                    ring[slot] = ByteBuffer.allocate(bufferSize);
                }
                ByteBuffer buffer = ring[slot];
                long offset = (long) piece * pieceSize;
                buffer.clear().limit((int) Math.min(pieceSize, size - offset));
                storage.read(offset, buffer);
                buffer.flip();
                ByteBuffer bytes = buffer.duplicate();
                int index = piece;
                hashing[slot] = hashers.submit(() -> digest(bytes, digests, index));
                if (stream != null) {
                    stream.update(buffer);
                }
            }
            for (Future<?> task : hashing) {
                await(task);
            }
        } finally {
            hashers.shutdownNow();
        }
        return digests;
    }

    private static void await(Future<?> task) throws InterruptedIOException {
        if (task == null) {
            return;
        }
        try {
            task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while digesting pieces");
        } catch (ExecutionException e) {
            throw new IllegalStateException("a piece's digest failed", e.getCause());
        }
    }

    private static void digest(ByteBuffer bytes, byte[] digests, int piece) {
        MessageDigest sha = Manifest.pieceDigest();
        sha.update(bytes);
        try {
            sha.digest(digests, piece * Manifest.DIGEST_LENGTH, Manifest.DIGEST_LENGTH);
        } catch (DigestException e) {
            throw new IllegalStateException("SHA-256 wrote no digest", e);
        }
    }
}
