package io.robber.datacast.transport;

import io.robber.datacast.fabric.Packet;
import io.robber.datacast.fabric.PacketOutput;
import io.robber.engine.Timers;

/**
 * A receiver's hand-off signals on a tree whose blocks are handed out as it goes (§4.2), straight
 * up its route to the source: {@link NextBlock} once per block count, sent again every retry
 * interval until a block comes (the request or its answer may be lost).
 */
final class BlockRequests implements HandOffSignals {
    private final PacketOutput output;
    private final Timers timers;
    private final int[] routeToSource;
    private final int tree;
    private final int headerBytes;
    private final long retryNanos;
    private int requested = -1;
    private Runnable retry;

    BlockRequests(PacketOutput output, Timers timers, int[] routeToSource, int tree,
            TransportSettings settings) {
        this.output = output;
        this.timers = timers;
        this.routeToSource = routeToSource;
        this.tree = tree;
        this.headerBytes = settings.headerBytes() + 8;
        this.retryNanos = settings.minRetransmissionTimeoutNanos();
    }

    @Override
    public void outOfNames(int knownBlocks) {
        if (knownBlocks == requested) {
            return;
        }
        stop();
        requested = knownBlocks;
        request();
    }

    private void request() {
        send(new NextBlock(tree, requested));
        retry = timers.schedule(retryNanos, () -> {
            retry = null;
            request();
        });
    }

    @Override
    public void stop() {
        if (retry != null) {
            retry.run();
            retry = null;
        }
    }

    private void send(NextBlock request) {
        output.send(Packet.along(routeToSource, headerBytes, request));
    }
}
