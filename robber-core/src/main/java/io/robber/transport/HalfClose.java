package io.robber.transport;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.socket.DuplexChannel;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The orderly close of a connection: once the writes already queued are flushed, this side's output
 * is shut down, and the connection closes when the peer has read everything and closed its side (the
 * end of the stream closes a Netty channel) or after a grace period, whichever comes first. Closed at
 * once with bytes from the peer still unread, the kernel would reset the connection, and the peer
 * would lose the last messages written to it, such as this member telling that it leaves. Netty's
 * {@code SslHandler} closes after its {@code close_notify} the same way: after the flush, with a
 * timeout that is cancelled when the channel closes first.
 */
final class HalfClose {
    private HalfClose() {
    }

    /** Starts the orderly close of {@code channel}; it is closed at the latest {@code grace} after the flush. */
    static void close(Channel channel, Duration grace) {
        channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(flushed -> shutdownOutput(channel, grace));
    }

    private static void shutdownOutput(Channel channel, Duration grace) {
        if (!(channel instanceof DuplexChannel duplex) || !duplex.isActive()) {
            channel.close();
            return;
        }
        duplex.shutdownOutput();
        ScheduledFuture<?> timeout = channel.eventLoop().schedule(() -> channel.close(), grace.toNanos(),
                TimeUnit.NANOSECONDS);
        channel.closeFuture().addListener(closed -> timeout.cancel(false));
    }
}
