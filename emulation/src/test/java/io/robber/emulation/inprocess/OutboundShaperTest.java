package io.robber.emulation.inprocess;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.DefaultFileRegion;
import io.netty.channel.FileRegion;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sending side of an emulated link on an {@link EmbeddedChannel}: what crosses, in which units. */
class OutboundShaperTest {

    @Test
    void smallWritesQueuedTogetherCrossAsOneChunkWithOneFlush() throws Exception {
        Flushes flushes = new Flushes();
        EmbeddedChannel ch = new EmbeddedChannel(flushes,
                new OutboundShaper(new BucketPath(List.of(RateBucket.sending(1e6)))));
        ChannelFuture bulk = ch.writeAndFlush(Unpooled.wrappedBuffer(new byte[160 * 1024]));
        List<ChannelFuture> small = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            small.add(ch.writeAndFlush(Unpooled.wrappedBuffer(new byte[]{(byte) i})));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!small.get(9).isDone() && System.nanoTime() < deadline) {
            Thread.sleep(5);
            ch.runScheduledPendingTasks();
        }

        assertThat(bulk.isSuccess()).isTrue();
        assertThat(small).allMatch(ChannelFuture::isSuccess);
        // The bulk write went on in chunks of CHUNK bytes, one flush each; the ten bytes behind it in one.
        assertThat(flushes.batches).hasSize(160 * 1024 / OutboundShaper.CHUNK + 1);
        assertThat(flushes.batches.get(flushes.batches.size() - 1)).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        for (int i = 0; i < 10; i++) {
            ByteBuf out = ch.readOutbound();
            out.release();
        }
        ch.finishAndReleaseAll();
    }

    @Test
    void aZeroCopyRegionTakesTurnsChunkByChunkAndGoesOnWhole(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("piece"), new byte[160 * 1024]);
        RateBucket shared = RateBucket.sending(1e5);
        EmbeddedChannel pieces = new EmbeddedChannel(new OutboundShaper(new BucketPath(List.of(shared))));
        EmbeddedChannel control = new EmbeddedChannel(new OutboundShaper(new BucketPath(List.of(shared))));
        ChannelFuture region = pieces.writeAndFlush(new DefaultFileRegion(file.toFile(), 0, 160 * 1024));
        ChannelFuture request = control.writeAndFlush(Unpooled.wrappedBuffer(new byte[]{7}));

        // The request booked the shared link behind one chunk of the region (0.16 s at 100 kB/s), not
        // behind all of it (1.6 s): nothing of the region's channel has run since it was written. A
        // booking, not a duration: a busy machine only shortens what is left of it when measured.
        long bookedAhead = shared.reserve(0, System.nanoTime()) - System.nanoTime();
        assertThat(bookedAhead).isLessThan(TimeUnit.MILLISECONDS.toNanos(800));

        // About 1 s of link time at 100 kB/s; the deadline only stops a hung test.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!(region.isDone() && request.isDone()) && System.nanoTime() < deadline) {
            Thread.sleep(5);
            pieces.runScheduledPendingTasks();
            control.runScheduledPendingTasks();
        }
        assertThat(region.isSuccess()).isTrue();
        assertThat(request.isSuccess()).isTrue();
        FileRegion out = pieces.readOutbound();
        assertThat(out.count()).isEqualTo(160 * 1024);
        assertThat((Object) pieces.readOutbound()).isNull();
        out.release();
        pieces.finishAndReleaseAll();
        control.finishAndReleaseAll();
    }

    /** Records the first byte of each small write, and the writes between two flushes. */
    private static final class Flushes extends ChannelOutboundHandlerAdapter {
        final List<List<Integer>> batches = new ArrayList<>();
        private List<Integer> open = new ArrayList<>();

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            ByteBuf buf = (ByteBuf) msg;
            open.add(buf.readableBytes() == 1 ? (int) buf.getByte(buf.readerIndex()) : -1);
            ctx.write(msg, promise);
        }

        @Override
        public void flush(ChannelHandlerContext ctx) {
            if (!open.isEmpty()) {
                batches.add(open);
                open = new ArrayList<>();
            }
            ctx.flush();
        }
    }
}
