package io.robber.datacast.mctcp;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.Port;
import java.util.function.IntUnaryOperator;

/**
 * MCTCP's link monitor (§3.2.2): every poll it reads each port's byte counter (OpenFlow's
 * {@code get_port_stats}), turns the bytes since the last poll into the arc's rate R and sets the
 * arc's weight by Eq. (1) from R, the capacity B and the number of flows the manager knows on the
 * arc (it records flows as they start and end rather than polling flow tables). Arcs whose port is
 * down are marked down.
 */
public final class LinkMonitor {
    private final Fabric fabric;
    private final LinkLoads loads;
    private final LinkWeight model;
    private final IntUnaryOperator flowsOn;
    private final long[] lastBytes;
    private final double[] rate;
    private long lastPoll;

    /** A monitor writing into {@code loads}; {@code flowsOn} gives the flows the manager knows on an arc. */
    public LinkMonitor(Fabric fabric, LinkLoads loads, LinkWeight model, IntUnaryOperator flowsOn) {
        this.fabric = fabric;
        this.loads = loads;
        this.model = model;
        this.flowsOn = flowsOn;
        int arcs = fabric.network().arcCount();
        this.lastBytes = new long[arcs];
        this.rate = new double[arcs];
        this.lastPoll = fabric.clock().now();
        for (int arc = 0; arc < arcs; arc++) {
            lastBytes[arc] = fabric.port(arc).bytesSent();
        }
    }

    /** Reads every port's counters and sets every arc's rate and weight for the interval since the last poll. */
    public void poll() {
        long now = fabric.clock().now();
        double seconds = (now - lastPoll) / 1e9;
        lastPoll = now;
        for (int arc = 0; arc < lastBytes.length; arc++) {
            Port port = fabric.port(arc);
            long bytes = port.bytesSent();
            rate[arc] = seconds > 0 ? (bytes - lastBytes[arc]) * 8 / seconds : 0;
            lastBytes[arc] = bytes;
            loads.setLinkUp(arc >>> 1, port.isUp() && fabric.port(arc ^ 1).isUp());
            loads.setWeight(arc, model.of(rate[arc], port.rateBitsPerSecond(), flowsOn.applyAsInt(arc)));
        }
    }

    /** The arc's rate over the last interval, bit/s. */
    public double rate(int arc) {
        return rate[arc];
    }
}
