package io.robber.transport;

import io.netty.channel.EventLoop;
import io.robber.wire.PieceFrame;
import java.io.IOException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * The receive path of pieces: digest check and storage write on the storage pool, then the verdict
 * back on the node's event loop. A piece reaches the engine only once it is verified and stored. The
 * pieces waiting for the pool are held within the node's {@link PieceBudget}.
 */
final class PieceStore {

    /** Where verdicts go, on the event loop. */
    interface Verdicts {
        void stored(int peer, Transfer transfer, int piece);

        void rejected(int peer, Transfer transfer, int piece);

        void writeFailed(Transfer transfer, String reason);
    }

    private final EventLoop loop;
    private final Executor storagePool;
    private final Verdicts verdicts;
    private final PieceBudget budget;

    PieceStore(EventLoop loop, Executor storagePool, Verdicts verdicts, PieceBudget budget) {
        this.loop = loop;
        this.storagePool = storagePool;
        this.verdicts = verdicts;
        this.budget = budget;
    }

    /**
     * Takes ownership of the frame's buffer. The frame has been checked against {@code transfer}. Its
     * bytes count against the {@link PieceBudget} until they are written or dropped.
     */
    void accept(int peer, Transfer transfer, PieceFrame frame) {
        int piece = frame.piece();
        int bytes = frame.data().readableBytes();
        budget.take(bytes);
        storagePool.execute(() -> {
            try {
                var data = frame.data().nioBuffer();
                if (!transfer.manifest().verify(piece, data)) {
                    tell(() -> verdicts.rejected(peer, transfer, piece));
                    return;
                }
                transfer.storage().write(transfer.manifest().pieceOffset(piece), data);
                tell(() -> verdicts.stored(peer, transfer, piece));
            } catch (IOException | RuntimeException e) {
                String reason = "cannot write piece " + piece + " to storage: " + e.getMessage()
                        + "; check free space and permissions of the output";
                tell(() -> verdicts.writeFailed(transfer, reason));
            } finally {
                frame.data().release();
                budget.release(bytes);
            }
        });
    }

    /** Hands a verdict to the event loop; once the node is shutting down there is nobody left to tell. */
    private void tell(Runnable verdict) {
        try {
            loop.execute(verdict);
        } catch (RejectedExecutionException e) {
            if (!loop.isShuttingDown()) {
                throw e;
            }
        }
    }
}
