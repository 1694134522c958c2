package io.robber.rendezvous.control;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.robber.rendezvous.Units;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Watches a registered receiver's control connection, handling its own event as Netty's
 * {@code ReadTimeoutHandler} does. A receiver sends progress every 0.5 s; one that sends nothing for
 * the silence timeout (the sender's {@code --failure-timeout}, the data channel's patience with a
 * silent peer, so that both give up on a frozen receiver at about the same time) is taken as lost and
 * its connection closed. While it has not reported, it is told first that it is declared dead
 * ({@link ControlMessage.Departed} with its own id): a frozen process that comes back reads it before
 * the end of the connection. After the start it fails with the sender's verdict instead of finishing
 * unseen; before the start its place is free, and it registers again.
 */
final class SilenceWatch extends IdleStateHandler {
    private final ReceiverSession session;
    private final String why;

    SilenceWatch(ReceiverSession session, Duration silence) {
        super(silence.toNanos(), 0, 0, TimeUnit.NANOSECONDS);
        this.session = session;
        this.why = "it sent nothing for " + Units.duration(silence);
    }

    @Override
    protected void channelIdle(ChannelHandlerContext ctx, IdleStateEvent event) {
        if (!session.resolved()) {
            session.connection.send(new ControlMessage.Departed(session.registration().id(), why));
        }
        session.connection.fail(why);
    }
}
