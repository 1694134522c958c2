package io.robber.datacast.transport;

import io.robber.datacast.fabric.Packet;
import io.robber.datacast.fabric.Packet.ReturnRoute;
import io.robber.datacast.fabric.PacketOutput;
import java.util.List;

/**
 * A branching node of one tree (§5.1): where the tree splits, data are cached and interests are
 * answered from the cache. An interest that misses waits for the data if one for the same name is
 * already on its way to the source; otherwise it travels on toward the source. Data coming down is
 * cached (unless it is duplicate data) and sent to every interest waiting for it, each copy
 * retracing its interest's route. A receiver at the node (a member that also forwards to others)
 * is one more branch: its interests go through the node's cache and pending interests too, so the
 * link above carries one copy for it and its subtree.
 */
final class BranchingNode {
    private final PacketOutput output;
    private final int packetBytes;
    private final ContentStore store;
    private final PendingInterests pending = new PendingInterests();
    private static final ReturnRoute HERE = new ReturnRoute(new int[0], 0);
    private Receiver local;

    BranchingNode(PacketOutput output, TransportSettings settings) {
        this.output = output;
        this.packetBytes = settings.mtuBytes();
        this.store = ContentStore.of(settings);
    }

    void onInterest(Packet packet, Interest interest) {
        Data cached = store.lookup(interest.name());
        if (cached != null) {
            output.send(Packet.retracing(packet, packetBytes, cached));
        } else if (pending.add(interest.name(), packet.returnRoute()) || interest.retransmission()) {
            output.send(packet);
        }
    }

    /** The receiver at this node; its interests then come through {@link #onLocalInterest}. */
    void local(Receiver receiver) {
        this.local = receiver;
    }

    void onLocalInterest(Packet packet, Interest interest) {
        Data cached = store.lookup(interest.name());
        if (cached != null) {
            local.onData(cached);
        } else if (pending.add(interest.name(), HERE) || interest.retransmission()) {
            output.send(packet);
        }
    }

    /** Caches and fans out {@code data}; whether the packet was taken over (so is not to travel on). */
    boolean onData(Data data) {
        if (!data.duplicate()) {
            store.insert(data);
        }
        List<ReturnRoute> waiting = pending.satisfy(data.name());
        if (waiting == null) {
            return false;
        }
        for (ReturnRoute way : waiting) {
            if (way == HERE) {
                local.onData(data);
            } else {
                output.send(way.reply(packetBytes, data));
            }
        }
        return true;
    }

    long cacheHits() {
        return store.hits();
    }
}
