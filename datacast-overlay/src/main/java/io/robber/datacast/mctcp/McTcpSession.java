package io.robber.datacast.mctcp;

import io.robber.datacast.background.UnicastRoutes;
import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.Packet;
import io.robber.datacast.multicast.MulticastManager;
import io.robber.datacast.multicast.TreeFrame;
import io.robber.datacast.tcp.RtoEstimator;
import io.robber.datacast.tcp.SegmentWords;
import io.robber.datacast.tcp.TcpSettings;
import io.robber.datacast.tcp.WindowReceiver;
import io.robber.datacast.tcp.WindowSender;
import io.robber.datacast.timeline.Timeline;
import io.robber.engine.DeadlineTimer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One MCTCP session on the fabric in virtual time (§3.1), the out-of-band scheme: the sender asks
 * the {@link GroupManager} for a tree (one controller round trip), then sends a SYN carrying the
 * group to each receiver by unicast, again on the retransmission timeout ({@link Handshake}); once
 * every receiver has answered it multicasts the data on the tree through a {@link WindowSender}
 * (Reno, the window advanced by the slowest receiver) while the receivers' ACKs, cumulative with
 * selective ACK blocks, come back by unicast. A receiver silent past the eviction threshold is
 * evicted and reported, the others finish; at the end the sender closes the session with the
 * manager. The sender has one timer, re-armed to its engine's next deadline after every event.
 */
public final class McTcpSession {
    /** Selective ACK blocks per ACK: three fit in TCP's options beside the timestamps (RFC 2018). */
    static final int SACK_BLOCKS = 3;

    private final Fabric fabric;
    private final GroupManager manager;
    private final UnicastRoutes routes;
    private final int id;
    private final int source;
    private final int[] receivers;
    private final TcpSettings settings;
    private final long controllerRttNanos;
    private final SegmentWords words;
    private final Handshake handshake;
    private final WindowSender sender;
    private final Map<Integer, WindowReceiver> ends = new LinkedHashMap<>();
    private final List<Integer> crashed = new ArrayList<>();
    private final List<Eviction> evictions = new ArrayList<>();
    private int group;
    private long bytesSent;
    private long startedAt = -1;
    private long finishedAt = -1;
    private Timeline timeline;
    private final DeadlineTimer timer;

    public McTcpSession(Fabric fabric, MulticastManager multicast, GroupManager manager, UnicastRoutes routes, int id,
            int source, int[] receivers, int segments, TcpSettings settings, long controllerRttNanos) {
        this.fabric = fabric;
        this.timer = new DeadlineTimer(fabric.clock(), this::onTimer);
        this.manager = manager;
        this.routes = routes;
        this.id = id;
        this.source = source;
        this.receivers = receivers.clone();
        this.settings = settings;
        this.controllerRttNanos = controllerRttNanos;
        this.words = new SegmentWords(id, segments);
        RtoEstimator rto = new RtoEstimator(settings);
        this.handshake = new Handshake(receivers, rto, settings.evictAfterNanos(), new Handshake.Output() {
            @Override
            public void syn(int receiver) {
                unicast(source, receiver, new Syn(id, group));
            }

            @Override
            public void evicted(int receiver) {
                evictions.add(new Eviction(receiver, fabric.clock().now()));
            }
        });
        TcpSettings sacking = settings.withSelectiveAcks(true);
        this.sender = new WindowSender(segments, receivers, sacking, rto, new WindowSender.Output() {
            @Override
            public void transmit(int sequence, boolean retransmission) {
                bytesSent += settings.segmentBytes();
                if (timeline != null) {
                    timeline.sent(fabric.clock().now(), source, settings.segmentBytes());
                }
                multicast.send(group, settings.segmentBytes(), new Segment(id, sequence, words.word(sequence)));
            }

            @Override
            public void evicted(int receiver) {
                evictions.add(new Eviction(receiver, fabric.clock().now()));
            }
        });
        multicast.addHost(source, packet -> {
            long now = fabric.clock().now();
            if (packet.payload() instanceof Ack ack && ack.session() == id && startedAt >= 0) {
                sender.onAck(ack.receiver(), ack.cumulative(), ack.sack(), now);
                afterEvent();
            } else if (packet.payload() instanceof SynAck syn && syn.session() == id && startedAt < 0) {
                handshake.onSynAck(syn.receiver(), now);
                afterEvent();
            }
        });
        for (int r : receivers) {
            WindowReceiver end = new WindowReceiver(segments, words);
            ends.put(r, end);
            multicast.addHost(r, packet -> receive(r, end, packet));
        }
    }

    /** Starts the session now: the request to the group manager, then the handshake. */
    public void start() {
        fabric.clock().schedule(controllerRttNanos, () -> {
            group = manager.open(source, receivers, () -> bytesSent);
            handshake.start(fabric.clock().now());
            afterEvent();
        });
    }

    /** Records the sender's rate and each receiver's into {@code timeline}. */
    public McTcpSession recordInto(Timeline timeline) {
        this.timeline = timeline;
        return this;
    }

    /** Receiver {@code receiver} crashes now: from now on it takes in and answers nothing. */
    public void crash(int receiver) {
        crashed.add(receiver);
    }

    private void receive(int r, WindowReceiver end, Packet packet) {
        if (crashed.contains(r)) {
            return;
        }
        if (packet.payload() instanceof TreeFrame frame && frame.payload() instanceof Segment segment
                && segment.session() == id) {
            if (timeline != null && !end.holds(segment.sequence())) {
                timeline.received(fabric.clock().now(), r, Timeline.Kind.TREE, settings.segmentBytes());
            }
            int cumulative = end.onSegment(segment.sequence(), segment.word());
            unicast(r, source, new Ack(id, r, cumulative, end.sack(SACK_BLOCKS)));
        } else if (packet.payload() instanceof Syn syn && syn.session() == id) {
            unicast(r, source, new SynAck(id, r));
        }
    }

    private void unicast(int from, int to, Object message) {
        fabric.send(Packet.along(routes.between(from, to), settings.ackBytes(), message));
    }

    private void onTimer(long now) {
        if (startedAt < 0) {
            handshake.onTimer(now);
        } else {
            sender.onTimer(now);
        }
        afterEvent();
    }

    /** Starts the data once the handshake is done, without the receivers it gave up. */
    private void afterEvent() {
        long now = fabric.clock().now();
        if (startedAt < 0 && handshake.done()) {
            startedAt = now;
            sender.start(now);
            for (int receiver : handshake.evicted()) {
                sender.remove(receiver, now);
            }
        }
        if (startedAt < 0) {
            timer.arm(handshake.nextDeadline());
        } else if (sender.done()) {
            if (finishedAt < 0) {
                finishedAt = fabric.clock().now();
                manager.close(group);
            }
            timer.cancel();
        } else {
            timer.arm(sender.nextDeadline());
        }
    }

    public int group() {
        return group;
    }

    /** Segments every live receiver holds in order: the window's lower edge. */
    public int delivered() {
        return sender.base();
    }

    public boolean finished() {
        return finishedAt >= 0;
    }

    /** When the sender had every live receiver's last ACK, virtual time; −1 before the end. */
    public long finishedAtNanos() {
        return finishedAt;
    }

    /** From the first data segment to the last ACK, ns; −1 before the end. */
    public long transferNanos() {
        return finishedAt < 0 ? -1 : finishedAt - startedAt;
    }

    /** Receivers that hold every segment, checked word by word and by digest. */
    public int[] verifiedReceivers() {
        return ends.entrySet().stream().filter(e -> e.getValue().verified()).mapToInt(Map.Entry::getKey).toArray();
    }

    /** Whether every receiver but the evicted ones holds verified data. */
    public boolean verified() {
        int[] evicted = evictions.stream().mapToInt(Eviction::receiver).toArray();
        return Arrays.stream(receivers)
                .allMatch(r -> Arrays.stream(evicted).anyMatch(e -> e == r) || ends.get(r).verified());
    }

    public List<Eviction> evictions() {
        return List.copyOf(evictions);
    }

    public WindowSender sender() {
        return sender;
    }

    /** SYNs sent, the first ones and those sent again. */
    public long syns() {
        return handshake.syns();
    }

    /** A receiver evicted at {@code atNanos}. */
    public record Eviction(int receiver, long atNanos) {
    }

    /** The first handshake: session {@code session} multicasts on group {@code group}. */
    record Syn(int session, int group) {
    }

    record SynAck(int session, int receiver) {
    }

    record Segment(int session, int sequence, long word) {
    }

    /** Receiver {@code receiver} holds every segment below {@code cumulative} and the {@code sack} blocks. */
    record Ack(int session, int receiver, int cumulative, int[] sack) {
    }
}
