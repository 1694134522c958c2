package io.robber.emulation.inprocess;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.FileRegion;
import io.netty.util.ReferenceCountUtil;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;

/**
 * The sending side of an emulated link: cuts outgoing buffers into chunks and lets each chunk go on
 * (to the {@link DelayLine}, or the socket) once it has crossed the sender-side links of its path
 * (node out, cluster out, pair bandwidth). One chunk is on its way at a time, so flows that share a
 * link take turns chunk by chunk and divide it fairly. Small writes queued together (control
 * messages, a piece's header) cross as one chunk of up to {@link #CHUNK} bytes and go on with one
 * flush, so a burst of messages costs one crossing rather than one each.
 *
 * <p>Backpressure: writes wait in a queue; while it holds more than a few tens of milliseconds of
 * the path's bottleneck rate, the channel reports itself unwritable (a user-defined writability
 * flag), so a writability-driven sender stops, as it would at a full socket buffer. The queue is
 * therefore bounded by that mark plus whatever a sender writes at once. A write completes when its
 * last byte has left the queue, i.e. is on the (emulated) wire. A {@link FileRegion} (a zero-copy
 * piece) cannot be cut: it crosses chunk by chunk like a buffer, taking turns with other flows, and
 * goes on whole once its last chunk has crossed.
 */
final class OutboundShaper extends ChannelOutboundHandlerAdapter {
    static final int CHUNK = 16 * 1024;
    /** Netty's own traffic shapers use writability indices 1 to 3. */
    static final int WRITABILITY_INDEX = 5;
    /** Queued bytes that make the channel unwritable, as time at the bottleneck rate ... */
    private static final double QUEUE_SECONDS = 0.02;
    /** ... but at least this many. It becomes writable again below half the mark. */
    private static final long MIN_QUEUE_BYTES = 64 * 1024;

    private final BucketPath path;
    private final ArrayDeque<Pending> queue = new ArrayDeque<>();
    private long queuedBytes;
    private boolean blocked;
    /** A chunk is crossing the path. */
    private boolean crossing;
    /** Bytes of the {@link FileRegion} at the head of the queue that have crossed already. */
    private long regionCrossed;
    /** {@link #drain} is on the stack; a chunk that crossed at once must not call it again. */
    private boolean draining;
    private boolean removed;

    private record Pending(Object msg, ChannelPromise promise) {
    }

    OutboundShaper(BucketPath path) {
        this.path = path;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        queue.add(new Pending(msg, promise));
        queuedBytes += size(msg);
        drain(ctx);
        updateWritability(ctx);
    }

    private void drain(ChannelHandlerContext ctx) {
        boolean outer = draining;
        draining = true;
        while (!crossing && !removed && !queue.isEmpty()) {
            Pending head = queue.peek();
            crossing = true;
            if (head.msg() instanceof ByteBuf buf && buf.readableBytes() > CHUNK) {
                ByteBuf chunk = buf.readRetainedSlice(CHUNK);
                ChannelPromise promise = ctx.newPromise();
                path.pass(ctx.executor(), CHUNK, () -> crossed(ctx, chunk, promise));
            } else if (head.msg() instanceof FileRegion region && size(region) - regionCrossed > CHUNK) {
                regionCrossed += CHUNK;
                path.pass(ctx.executor(), CHUNK, () -> crossedPart(ctx));
            } else {
                int count = 0;
                long bytes = -regionCrossed;
                for (Pending p : queue) {
                    long size = size(p.msg());
                    if (count > 0 && (!(p.msg() instanceof ByteBuf) || bytes + size > CHUNK)) {
                        break;
                    }
                    count++;
                    bytes += size;
                }
                int writes = count;
                path.pass(ctx.executor(), bytes, () -> crossed(ctx, writes));
            }
        }
        draining = outer;
    }

    /** A chunk cut from the head of the queue has crossed. */
    private void crossed(ChannelHandlerContext ctx, ByteBuf chunk, ChannelPromise promise) {
        if (crossedAndOpen(chunk.readableBytes())) {
            ctx.writeAndFlush(chunk, promise);
            next(ctx);
        } else {
            chunk.release();
            promise.tryFailure(new ClosedChannelException());
        }
    }

    /** A chunk of the region at the head of the queue has crossed; the region waits for the rest. */
    private void crossedPart(ChannelHandlerContext ctx) {
        if (crossedAndOpen(CHUNK)) {
            next(ctx);
        }
    }

    /** The first {@code writes} queued writes have crossed as one unit: small messages share a crossing. */
    private void crossed(ChannelHandlerContext ctx, int writes) {
        if (removed) {
            crossing = false;
            return;
        }
        long bytes = -regionCrossed;
        regionCrossed = 0;
        for (int i = 0; i < writes; i++) {
            Pending p = queue.poll();
            bytes += size(p.msg());
            ctx.write(p.msg(), p.promise());
        }
        crossedAndOpen(bytes);
        ctx.flush();
        next(ctx);
    }

    private boolean crossedAndOpen(long bytes) {
        crossing = false;
        if (removed) {
            return false;
        }
        queuedBytes -= bytes;
        return true;
    }

    private void next(ChannelHandlerContext ctx) {
        if (!draining) {
            drain(ctx);
            updateWritability(ctx);
        }
    }

    private void updateWritability(ChannelHandlerContext ctx) {
        ChannelOutboundBuffer buffer = ctx.channel().unsafe().outboundBuffer();
        if (buffer == null) {
            return;
        }
        long mark = Math.max(MIN_QUEUE_BYTES, (long) Math.min(Long.MAX_VALUE, path.bottleneck() * QUEUE_SECONDS));
        if (!blocked && queuedBytes > mark || blocked && queuedBytes <= mark / 2) {
            blocked = !blocked;
            buffer.setUserDefinedWritability(WRITABILITY_INDEX, !blocked);
        }
    }

    /** Drops what is still queued when the channel goes away. */
    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        removed = true;
        for (Pending p; (p = queue.poll()) != null; ) {
            ReferenceCountUtil.release(p.msg());
            p.promise().tryFailure(new ClosedChannelException());
        }
    }

    static long size(Object msg) {
        if (msg instanceof ByteBuf buf) {
            return buf.readableBytes();
        }
        if (msg instanceof FileRegion region) {
            return region.count() - region.transferred();
        }
        return 0;
    }
}
