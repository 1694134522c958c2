package io.robber.storage;

import io.netty.util.concurrent.DefaultThreadFactory;
import io.robber.api.Manifest;
import io.robber.api.Storage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The pieces a storage already holds, each checked against its digest in the manifest: how a node
 * that restarts on the copy an earlier run left (a receiver's partial file) resumes. It multicasts
 * with these as its possession and fetches only the rest. A piece never written (a hole reads as
 * zeros) or torn by a crash fails its check like any wrong piece. Pieces are read and hashed in
 * parallel, each worker with one piece-sized buffer; a piece that reads as all zeros is compared with
 * the digest of zeros instead of being hashed, so the part a killed run never wrote costs a read.
 */
public final class HeldPieces {
    private HeldPieces() {
    }

    /**
     * Reads every piece of {@code manifest} from {@code storage} on {@code parallelism} threads.
     *
     * @return the pieces whose bytes match their digests
     * @throws IllegalArgumentException when the storage is not the manifest's size
     * @throws IOException              when a read fails
     */
    public static BitSet scan(Manifest manifest, Storage storage, int parallelism)
            throws IOException, InterruptedException {
        if (storage.size() != manifest.size()) {
            throw new IllegalArgumentException("the storage holds " + storage.size() + " bytes, the manifest "
                    + manifest.size());
        }
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, got " + parallelism);
        }
        int workers = Math.max(1, Math.min(parallelism, manifest.pieceCount()));
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(workers, new DefaultThreadFactory("robber-scan", true));
        try {
            List<Future<BitSet>> parts = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                parts.add(pool.submit(worker(manifest, storage, next)));
            }
            BitSet held = new BitSet(manifest.pieceCount());
            for (Future<BitSet> part : parts) {
                held.or(part.get());
            }
            return held;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UncheckedIOException io) {
                throw io.getCause();
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static Callable<BitSet> worker(Manifest manifest, Storage storage, AtomicInteger next) {
        return () -> {
            BitSet held = new BitSet();
            ByteBuffer buffer = ByteBuffer.allocate(manifest.pieceSize());
            ZeroPieces zeros = new ZeroPieces(manifest);
            for (int p = next.getAndIncrement(); p < manifest.pieceCount(); p = next.getAndIncrement()) {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                buffer.clear().limit(manifest.pieceLength(p));
                try {
                    storage.read(manifest.pieceOffset(p), buffer);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read piece " + p + ": " + e.getMessage(), e);
                }
                buffer.flip();
                if (zeros.allZero(buffer) ? zeros.isZeroPiece(p) : manifest.verify(p, buffer)) {
                    held.set(p);
                }
            }
            return held;
        };
    }

    /** All-zero pieces, told apart without hashing them: the unwritten part of a sparse file. */
    private static final class ZeroPieces {
        private final Manifest manifest;
        private final byte[] zeros;
        private final Map<Integer, byte[]> digestByLength = new HashMap<>();

        ZeroPieces(Manifest manifest) {
            this.manifest = manifest;
            this.zeros = new byte[manifest.pieceSize()];
        }

        boolean allZero(ByteBuffer piece) {
            return Arrays.mismatch(piece.array(), piece.arrayOffset() + piece.position(),
                    piece.arrayOffset() + piece.limit(), zeros, 0, piece.remaining()) < 0;
        }

        /** Whether piece {@code p} of the data set is all zeros. */
        boolean isZeroPiece(int p) {
            byte[] digest = digestByLength.computeIfAbsent(manifest.pieceLength(p), length -> {
                MessageDigest sha = Manifest.sha256();
                sha.update(zeros, 0, length);
                return sha.digest();
            });
            return Arrays.equals(digest, manifest.pieceDigest(p));
        }
    }
}
