package io.robber.datacast.transport;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.Packet;
import io.robber.datacast.fabric.Packet.ReturnRoute;
import io.robber.datacast.fabric.PacketOutput;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.Network;
import io.robber.engine.Timers;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * The data source of one tree (§5.2). An interest is answered in one of three ways:
 * <ul>
 *   <li>from the source's own per-tree cache of capacity C, as a branching node would — the data
 *       went out recently and a receiver on another branch asks for it too;</li>
 *   <li>as new data, through the tree's token bucket at the AIMD rate: the first interest for a
 *       name, waiting with any others for it until a token is there;</li>
 *   <li>as duplicate data, at once and unshaped, for a <em>duplicate interest</em>: one for data sent
 *       before and gone from the cache, the slowest receiver having fallen more than C behind (or a
 *       loss). It halves the rate; a receiver's retransmission halves it at most once per T
 *       ({@link AimdRate#onRetransmittedDuplicate}).</li>
 * </ul>
 * Every interval T without a duplicate interest raises the rate by δ, up to the {@linkplain #ceiling
 * ceiling} of the source's own links. Counts new and duplicate data for the duplicate-data ratio of §5.4.
 */
final class Source {
    private final PacketOutput output;
    private final Timers timers;
    private final TransportSettings settings;
    private final BlockSchedule schedule;
    private final Payloads payloads;
    private final ContentStore store;
    private final PendingInterests pending = new PendingInterests();
    private final ArrayDeque<DataName> newNames = new ArrayDeque<>();
    private final BitSet sent;
    private final AimdRate rate;
    private final TokenBucket bucket;
    private final Runnable tokenArrives = () -> {
        pacer = null;
        drain();
    };
    private final Runnable interval = this::interval;
    private Runnable pacer;
    private Runnable ticker;
    private long newData;
    private long duplicateData;

    /**
     * A source whose data packets carry the bytes {@code payloads} reads (none: {@link Payloads#NONE}),
     * its rate never above {@code ceilingBitsPerSecond}.
     */
    Source(PacketOutput output, Timers timers, BlockSchedule schedule, TransportSettings settings, Payloads payloads,
            long ceilingBitsPerSecond) {
        this.payloads = payloads;
        this.output = output;
        this.timers = timers;
        this.settings = settings;
        this.schedule = schedule;
        this.store = ContentStore.of(settings);
        this.sent = new BitSet(schedule.packets());
        this.rate = new AimdRate(settings, ceilingBitsPerSecond);
        this.bucket = new TokenBucket(rate.bitsPerSecond(), settings.mtuBytes() * 8L, timers.nanoTime());
    }

    /**
     * The most a tree's source can usefully send, bit/s: the slowest of its own links into the tree,
     * less a header per packet if another tree of the transfer runs one of the tree's links the other
     * way. A departure from §5.2, whose rate grows by δ for as long as no duplicate interest comes:
     * trees disjoint in arcs share links in opposite directions (the torus's run the same rings both
     * ways), and such a link carries one tree's data and, beside it, the other tree's interests, one
     * header per MTU. Data sent faster than R · MTU / (MTU + header) only filled that link's queue
     * until the receivers behind it fell out of step, and their duplicate interests halved the rate
     * again and again.
     */
    static long ceiling(Fabric fabric, SteinerTree tree, List<SteinerTree> trees, TransportSettings settings) {
        Network network = fabric.network();
        long slowest = Long.MAX_VALUE;
        for (int arc : tree.arcs()) {
            if (network.tail(arc) == tree.source()) {
                slowest = Math.min(slowest, fabric.port(arc).rateBitsPerSecond());
            }
        }
        if (slowest == Long.MAX_VALUE) {
            return Long.MAX_VALUE;
        }
        BitSet othersData = new BitSet(network.arcCount());
        for (SteinerTree other : trees) {
            if (other != tree) {
                Arrays.stream(other.arcs()).forEach(othersData::set);
            }
        }
        boolean interestsBeside = Arrays.stream(tree.arcs()).anyMatch(arc -> othersData.get(Network.reverse(arc)));
        return interestsBeside ? slowest * settings.mtuBytes() / (settings.mtuBytes() + settings.headerBytes()) : slowest;
    }

    void start() {
        ticker = timers.schedule(settings.increaseIntervalNanos(), interval);
    }

    void stop() {
        cancel(ticker);
        cancel(pacer);
    }

    private static void cancel(Runnable event) {
        if (event != null) {
            event.run();
        }
    }

    void onInterest(Packet packet, Interest interest) {
        DataName name = interest.name();
        int position = schedule.position(name);
        if (position < 0) {
            return;
        }
        Data cached = store.lookup(name);
        if (cached != null) {
            answer(packet, cached);
        } else if (pending.contains(name)) {
            pending.add(name, packet.returnRoute());
        } else if (sent.get(position)) {
            duplicateData++;
            if (interest.retransmission()) {
                rate.onRetransmittedDuplicate(timers.nanoTime());
            } else {
                rate.onDuplicateInterest();
            }
            rateChanged();
            answer(packet, new Data(name, true, payloads.read(name)));
        } else {
            pending.add(name, packet.returnRoute());
            newNames.add(name);
            drain();
        }
    }

    private void answer(Packet interest, Data data) {
        output.send(Packet.retracing(interest, settings.mtuBytes(), data));
    }

    /** Sends the waiting new data the token bucket allows now, and wakes up for the next token. */
    private void drain() {
        long now = timers.nanoTime();
        long bits = settings.mtuBytes() * 8L;
        while (!newNames.isEmpty() && bucket.take(bits, now)) {
            sendNew(newNames.poll());
        }
        if (!newNames.isEmpty() && pacer == null) {
            pacer = timers.schedule(bucket.nanosUntil(bits, now), tokenArrives);
        }
    }

    /** The bucket fills at the new rate from now on; the wake-up for the next token moves with it. */
    private void rateChanged() {
        bucket.setRate(rate.bitsPerSecond(), timers.nanoTime());
        if (pacer != null) {
            pacer.run();
            pacer = null;
            drain();
        }
    }

    private void sendNew(DataName name) {
        Data data = new Data(name, false, payloads.read(name));
        sent.set(schedule.position(name));
        store.insert(data);
        newData++;
        for (ReturnRoute way : pending.satisfy(name)) {
            output.send(way.reply(settings.mtuBytes(), data));
        }
    }

    private void interval() {
        rate.onInterval();
        rateChanged();
        ticker = timers.schedule(settings.increaseIntervalNanos(), interval);
    }

    long newData() {
        return newData;
    }

    long duplicateData() {
        return duplicateData;
    }

    long cacheHits() {
        return store.hits();
    }

    long rateBitsPerSecond() {
        return rate.bitsPerSecond();
    }
}
