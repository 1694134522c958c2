package io.robber.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.DefaultFileRegion;
import io.robber.wire.WireCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the pieces one peer requested (or a sender-initiated protocol pushes to it), in order, as the
 * connection drains: at most {@link TransportOptions#piecesInFlight()} pieces (two by default) are in
 * flight, and a new one starts only while the channel is writable, so a slow peer never makes the
 * node buffer more than that. Pieces go out zero-copy from a file when the storage is one (and the
 * connection has no TLS, which must encrypt them in a buffer), straight from a storage's memory when
 * it offers a {@linkplain io.robber.api.Storage#view view} of them, are copied on the event loop from
 * another storage {@linkplain io.robber.api.Storage#inMemory() in memory}, and are otherwise read on
 * the storage pool, off the event loop.
 */
final class PieceSender {
    private static final Logger LOG = LoggerFactory.getLogger(PieceSender.class);

    private final int peer;
    private final NodeDriver driver;
    private final Executor storagePool;
    private final int maxInFlight;
    /** Requests beyond this many unanswered ones mean the peer ignores the per-peer request cap. */
    private final int maxRequested;
    /** Whether pieces of a file storage may go out as file regions: not through TLS. */
    private final boolean zeroCopy;
    /** Pieces in sending order, each {@linkplain #entry encoded} as one long. */
    private final LongQueue queue = new LongQueue();
    private int requested;
    private boolean refused;
    private int inFlight;

    PieceSender(int peer, NodeDriver driver, Executor storagePool, int maxInFlight, int maxRequested,
                boolean zeroCopy) {
        this.peer = peer;
        this.driver = driver;
        this.storagePool = storagePool;
        this.maxInFlight = maxInFlight;
        this.maxRequested = maxRequested;
        this.zeroCopy = zeroCopy;
    }

    /**
     * Queues a piece: requested by the peer, or pushed unasked. A peer with more than
     * {@link TransportOptions#maxUnansweredRequests()} requests unanswered is disconnected, once; pushed pieces are bounded by
     * the protocol that pushes them.
     */
    void enqueue(int op, int piece, boolean request) {
        if (refused) {
            return;
        }
        if (request && requested >= maxRequested) {
            refused = true;
            queue.clear();
            driver.disconnect(peer, "more than " + maxRequested + " unanswered piece requests");
            return;
        }
        queue.add(entry(op, piece, request));
        requested += request ? 1 : 0;
        drain();
    }

    /** Drops the queued pieces; sends in flight finish or fail on their own. */
    void abandon() {
        queue.clear();
        requested = 0;
    }

    /** Starts sends while the channel accepts them. Called on the event loop. */
    void drain() {
        Channel ch = driver.channel(peer);
        while (ch != null && ch.isActive() && ch.isWritable() && inFlight < maxInFlight && !queue.isEmpty()) {
            long next = queue.poll();
            int op = (int) (next >>> 32);
            int piece = (int) next >>> 1;
            requested -= (int) next & 1;
            Transfer transfer = driver.transfer();
            if (transfer == null || transfer.op() != op) {
                continue;
            }
            inFlight++;
            send(ch, transfer, piece);
        }
    }

    /** {@code op} in the high half, then the piece index (never negative) and a bit set when requested. */
    private static long entry(int op, int piece, boolean request) {
        return (long) op << 32 | (long) piece << 1 | (request ? 1 : 0);
    }

    private void send(Channel ch, Transfer transfer, int piece) {
        long offset = transfer.manifest().pieceOffset(piece);
        int length = transfer.manifest().pieceLength(piece);
        ByteBuf header = WireCodec.pieceHeader(ch.alloc(), transfer.op(), piece, length);
        Optional<FileChannel> file = transfer.storage().fileChannel();
        if (zeroCopy && file.isPresent()) {
            ch.write(header);
            ch.writeAndFlush(new UnclosedFileRegion(file.get(), offset, length))
                    .addListener(f -> sent(f.isSuccess(), length));
            return;
        }
        Optional<ByteBuffer> view = transfer.storage().view(offset, length);
        if (view.isPresent()) {
            write(ch, header, Unpooled.wrappedBuffer(view.get()), length);
            return;
        }
        if (transfer.storage().inMemory()) {
            ByteBuf data = read(ch, transfer, piece, header);
            if (data != null) {
                write(ch, header, data, length);
            }
            return;
        }
        try {
            storagePool.execute(() -> {
                ByteBuf data = read(ch, transfer, piece, header);
                if (data != null) {
                    LoopHandOff.execute(ch.eventLoop(), () -> write(ch, header, data, length), header, data);
                }
            });
        } catch (RejectedExecutionException e) {
            header.release();
            inFlight--;
        }
    }

    /** The piece's bytes in a direct buffer, or null (and the send undone) when the storage fails. */
    private ByteBuf read(Channel ch, Transfer transfer, int piece, ByteBuf header) {
        int length = transfer.manifest().pieceLength(piece);
        ByteBuf data = ch.alloc().directBuffer(length);
        try {
            transfer.storage().read(transfer.manifest().pieceOffset(piece), data.nioBuffer(0, length));
            data.writerIndex(length);
            return data;
        } catch (IOException | RuntimeException e) {
            data.release();
            header.release();
            String reason = "cannot read piece " + piece + " from storage: " + e.getMessage();
            LoopHandOff.execute(ch.eventLoop(), () -> {
                inFlight--;
                driver.storageFailed(reason);
            });
            return null;
        }
    }

    private void write(Channel ch, ByteBuf header, ByteBuf data, int length) {
        ch.write(header);
        ch.writeAndFlush(data).addListener(f -> sent(f.isSuccess(), length));
    }

    private void sent(boolean success, int length) {
        inFlight--;
        if (success) {
            driver.meters().pieceOut(driver.scope(peer), length);
        } else {
            LOG.debug("piece to peer {} not sent: connection closed", peer);
        }
        drain();
    }

    /** A file region over the shared storage channel, which must stay open after the send. */
    private static final class UnclosedFileRegion extends DefaultFileRegion {
        UnclosedFileRegion(FileChannel file, long position, long count) {
            super(file, position, count);
        }

        @Override
        protected void deallocate() {
        }
    }
}
