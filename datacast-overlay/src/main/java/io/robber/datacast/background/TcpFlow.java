package io.robber.datacast.background;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.Packet;
import io.robber.datacast.tcp.SegmentWords;
import io.robber.datacast.tcp.TcpSettings;
import io.robber.datacast.tcp.WindowReceiver;
import io.robber.datacast.tcp.WindowSender;
import io.robber.engine.DeadlineTimer;

/**
 * One background unicast flow on the fabric, an iperf-like TCP Reno flow sharing links with the
 * multicast: a {@link WindowSender} with one receiver at {@code from}, a {@link WindowReceiver} at
 * {@code to}, segments source-routed along a fixed route (given, or the {@link UnicastRoutes}' one),
 * cumulative ACKs back the other way. It runs from {@link #start} until every segment is delivered
 * or {@link #stop} (an iperf run of a fixed duration), telling the {@link FlowObserver} both ends.
 */
public final class TcpFlow {
    private final Fabric fabric;
    private final int id;
    private final int from;
    private final int to;
    private final int[] route;
    private final int[] back;
    private final FlowObserver observer;
    private final WindowSender sender;
    private final WindowReceiver receiver;
    private final FlowEndpoints endpoints;
    private final DeadlineTimer timer;
    private boolean running;
    private boolean finished;
    private long startedAt;
    private long endedAt;

    /**
     * A flow of {@code segments} segments from server {@code from} to server {@code to} along
     * {@code route} (its ACKs along {@code back}); its ends are registered with {@code endpoints}
     * until it ends (the receiver answers nothing after that).
     */
    public TcpFlow(Fabric fabric, FlowEndpoints endpoints, int id, int from, int to, int[] route, int[] back, int segments,
            TcpSettings settings, FlowObserver observer) {
        if (route.length == 0 || back.length == 0) {
            throw new IllegalArgumentException("no route between " + fabric.network().node(from) + " and "
                    + fabric.network().node(to));
        }
        this.fabric = fabric;
        this.timer = new DeadlineTimer(fabric.clock(), this::onTimer);
        this.id = id;
        this.from = from;
        this.to = to;
        this.route = route.clone();
        this.back = back.clone();
        this.observer = observer;
        this.endpoints = endpoints;
        SegmentWords words = new SegmentWords(id, segments);
        this.receiver = new WindowReceiver(segments, words);
        this.sender = new WindowSender(segments, new int[] {to}, settings, new WindowSender.Output() {
            @Override
            public void transmit(int sequence, boolean retransmission) {
                fabric.send(Packet.along(TcpFlow.this.route, settings.segmentBytes(), new Segment(id, sequence, words.word(sequence))));
            }

            @Override
            public void evicted(int receiver) {
                stop();
            }
        });
        endpoints.register(from, id, packet -> {
            if (running && packet.payload() instanceof Ack ack) {
                sender.onAck(to, ack.cumulative(), fabric.clock().now());
                afterEvent();
            }
        });
        endpoints.register(to, id, packet -> {
            if (packet.payload() instanceof Segment segment) {
                int cumulative = receiver.onSegment(segment.sequence(), segment.word());
                if (running) {
                    fabric.send(Packet.along(TcpFlow.this.back, settings.ackBytes(), new Ack(id, cumulative)));
                }
            }
        });
    }

    /** A flow along the routes {@code routes} gives between its ends. */
    public static TcpFlow routed(Fabric fabric, FlowEndpoints endpoints, UnicastRoutes routes, int id, int from, int to,
            int segments, TcpSettings settings, FlowObserver observer) {
        return new TcpFlow(fabric, endpoints, id, from, to, routes.between(from, to), routes.between(to, from), segments,
                settings.withEvictAfter(Long.MAX_VALUE / 4), observer);
    }

    /** A flow along the routes {@code routes} gives this flow between its ends (per-flow ECMP). */
    public static TcpFlow hashed(Fabric fabric, FlowEndpoints endpoints, UnicastRoutes routes, int id, int from, int to,
            int segments, TcpSettings settings, FlowObserver observer) {
        return new TcpFlow(fabric, endpoints, id, from, to, routes.forFlow(from, to, id), routes.forFlow(to, from, id),
                segments, settings.withEvictAfter(Long.MAX_VALUE / 4), observer);
    }

    /** Starts sending now. */
    public void start() {
        running = true;
        startedAt = fabric.clock().now();
        observer.started(route);
        sender.start(startedAt);
        afterEvent();
    }

    /** Stops sending now (the end of an iperf run); nothing if it has ended. */
    public void stop() {
        if (running) {
            running = false;
            endedAt = fabric.clock().now();
            observer.ended(route);
            endpoints.unregister(from, id);
            endpoints.unregister(to, id);
            timer.cancel();
        }
    }

    private void onTimer(long now) {
        if (running) {
            sender.onTimer(now);
            afterEvent();
        }
    }

    private void afterEvent() {
        if (sender.done()) {
            finished = true;
            stop();
            return;
        }
        timer.arm(sender.nextDeadline());
    }

    public int id() {
        return id;
    }

    public int from() {
        return from;
    }

    public int to() {
        return to;
    }

    /** The arcs its segments cross, a copy. */
    public int[] route() {
        return route.clone();
    }

    /** Segments the receiver holds in order. */
    public int delivered() {
        return receiver.cumulative();
    }

    /** Whether every segment was delivered and verified. */
    public boolean finished() {
        return finished && receiver.verified();
    }

    public boolean running() {
        return running;
    }

    /** From start to the last ACK or the stop, ns (until now while running). */
    public long durationNanos() {
        return (running ? fabric.clock().now() : endedAt) - startedAt;
    }

    /** A data segment of a flow. */
    record Segment(int flow, int sequence, long word) {
    }

    /** A flow's cumulative ACK. */
    record Ack(int flow, int cumulative) {
    }
}
