package io.robber.transport;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.robber.api.ChannelMeters;
import io.robber.api.Group;
import io.robber.engine.NodeIo;
import io.robber.engine.ProtocolMetrics;
import io.robber.engine.Timers;
import io.robber.metrics.RobberMeters;
import io.robber.wire.Message;
import io.robber.wire.WireCodec;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The {@link NodeIo} of a node on real TCP: what its engines' actions turn into. */
final class NodeDriver implements NodeIo, Timers {
    private static final Logger LOG = LoggerFactory.getLogger(NodeDriver.class);

    private final Group group;
    private final int self;
    private final EventLoop loop;
    private final RobberMeters meters;
    private final TransportOptions transport;
    /** By peer index; null until a piece goes to that peer. */
    private final PieceSender[] senders;
    private final Consumer<String> storageFailure;
    private PeerLinks links;
    private Transfer transfer;

    NodeDriver(Group group, int self, EventLoop loop, RobberMeters meters, TransportOptions transport,
               Consumer<String> storageFailure) {
        this.group = group;
        this.self = self;
        this.loop = loop;
        this.meters = meters;
        this.transport = transport;
        this.storageFailure = storageFailure;
        this.senders = new PieceSender[group.size()];
    }

    void attach(PeerLinks peerLinks) {
        this.links = peerLinks;
    }

    /** Sets the data set of the operation that starts now. */
    void transfer(Transfer current) {
        this.transfer = current;
    }

    Transfer transfer() {
        return transfer;
    }

    Channel channel(int peer) {
        return links.channel(peer);
    }

    RobberMeters meters() {
        return meters;
    }

    ChannelMeters.Scope scope(int peer) {
        return group.sameCluster(self, peer) ? ChannelMeters.Scope.LOCAL : ChannelMeters.Scope.GLOBAL;
    }

    void writable(int peer) {
        PieceSender sender = senders[peer];
        if (sender != null) {
            sender.drain();
        }
    }

    /** Requests queued for a lost connection are void: the peer asks again after it reconnects. */
    void linkDown(int peer) {
        PieceSender sender = senders[peer];
        senders[peer] = null;
        if (sender != null) {
            sender.abandon();
        }
    }

    void storageFailed(String reason) {
        storageFailure.accept(reason);
    }

    @Override
    public void send(int peer, Message message) {
        Channel ch = counted(peer, message);
        if (ch != null) {
            ch.writeAndFlush(WireCodec.encode(ch.alloc(), message), ch.voidPromise());
        }
    }

    /** Every channel of this node runs on its loop, so {@code sent} runs on the engines' thread. */
    @Override
    public void send(int peer, Message message, Runnable sent) {
        Channel ch = counted(peer, message);
        if (ch != null) {
            ch.writeAndFlush(WireCodec.encode(ch.alloc(), message)).addListener(written -> {
                if (written.isSuccess()) {
                    sent.run();
                }
            });
        }
    }

    /** Counts {@code message} as sent by the engine; the connection to {@code peer}, or null when there is none. */
    private Channel counted(int peer, Message message) {
        meters.messageOut(message.type());
        return links.channel(peer);
    }

    @Override
    public void sendPiece(int peer, int op, int piece, boolean requested) {
        PieceSender sender = senders[peer];
        if (sender == null) {
            sender = new PieceSender(peer, this, transport.runtime().storage(), transport.piecesInFlight(),
                    transport.maxUnansweredRequests(), transport.tls() == null);
            senders[peer] = sender;
        }
        sender.enqueue(op, piece, requested);
    }

    @Override
    public void disconnect(int peer, String reason) {
        LOG.warn("{}: disconnecting member {}: {}", group.member(self).id(), group.member(peer).id(), reason);
        Channel ch = links.channel(peer);
        if (ch != null) {
            ch.close();
        }
    }

    @Override
    public Timers timers() {
        return this;
    }

    @Override
    public ProtocolMetrics metrics() {
        return meters;
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public Runnable schedule(long delayNanos, Runnable task) {
        var future = loop.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
        return () -> future.cancel(false);
    }
}
