package io.robber.datacast.fabric;

import io.robber.datacast.topology.LinkProfile;
import io.robber.sim.VirtualClock;
import java.util.SplittableRandom;

/**
 * One arc's output port: a transmitter at the link's rate in front of a drop-tail queue, then the
 * propagation delay, and the port counters a controller reads. A packet occupies the transmitter
 * for {@code size·8/rate} and arrives {@code delay} later; the queue holds up to N packets
 * <em>waiting</em> besides the one being transmitted (as in ns-3, where the paper's numbers come from),
 * so a burst of N + 2 loses its last packet. Header-only packets (interests) waiting there are
 * served before the waiting data, so a tree's interests do not queue behind another tree's data
 * going the same way; they count against the same N. With a loss rate, each transmitted packet is lost with
 * that probability (it still used the link). A port that is down drops what it holds and whatever
 * is offered to it.
 *
 * <p>Two events per packet: the end of its transmission and its arrival. Each is one scheduled
 * event at a time per port (the packets in flight arrive in order), and the two tasks are allocated
 * once per port.
 */
public final class Port {
    /** Packets this small (headers: interests, acknowledgements) wait in a queue of their own, served first. */
    public static final int CONTROL_BYTES = 64;
    private final int arc;
    private final int head;
    private final VirtualClock clock;
    private final SplittableRandom random;
    private final NodeHandler[] handlers;
    private final PacketRing waiting;
    private final PacketRing control = new PacketRing(4);
    private final PacketRing inFlight = new PacketRing(4);
    private final Runnable transmitted = this::transmitted;
    private final Runnable arrive = this::arrive;
    private long rateBitsPerSecond;
    private final long delayNanos;
    private final int queuePackets;
    private double lossRate;
    private boolean up = true;
    private Packet onWire;
    private Runnable transmission;
    private Runnable arrival;
    private long bytesSent;
    private long dataBytesSent;
    private long packetsSent;
    private long queueDrops;
    private long lossDrops;
    private long downDrops;

    Port(int arc, int head, LinkProfile profile, VirtualClock clock, SplittableRandom random, NodeHandler[] handlers) {
        this.arc = arc;
        this.head = head;
        this.clock = clock;
        this.random = random;
        this.handlers = handlers;
        this.rateBitsPerSecond = profile.capacityBitsPerSecond();
        this.delayNanos = profile.delayNanos();
        this.queuePackets = profile.queuePackets();
        this.waiting = new PacketRing(Math.min(queuePackets, 64));
    }

    void offer(Packet packet) {
        if (!up) {
            downDrops++;
        } else if (onWire == null) {
            transmit(packet);
        } else if (queued() >= queuePackets) {
            queueDrops++;
        } else if (packet.sizeBytes() <= CONTROL_BYTES) {
            control.add(packet, 0);
        } else {
            waiting.add(packet, 0);
        }
    }

    private void transmit(Packet packet) {
        onWire = packet;
        transmission = clock.schedule(transmissionNanos(packet.sizeBytes()), transmitted);
    }

    /** The time to put {@code bytes} on this arc at its rate, ns. */
    public long transmissionNanos(int bytes) {
        return bytes * 8L * 1_000_000_000L / rateBitsPerSecond;
    }

    private void transmitted() {
        Packet packet = onWire;
        bytesSent += packet.sizeBytes();
        if (packet.sizeBytes() > CONTROL_BYTES) {
            dataBytesSent += packet.sizeBytes();
        }
        packetsSent++;
        if (lossRate > 0 && random.nextDouble() < lossRate) {
            lossDrops++;
        } else {
            inFlight.add(packet, clock.now() + delayNanos);
            if (inFlight.size() == 1) {
                arrival = clock.at(inFlight.headTime(), arrive);
            }
        }
        onWire = null;
        transmission = null;
        if (!control.isEmpty()) {
            transmit(control.poll());
        } else if (!waiting.isEmpty()) {
            transmit(waiting.poll());
        }
    }

    private void arrive() {
        Packet packet = inFlight.poll();
        arrival = inFlight.isEmpty() ? null : clock.at(inFlight.headTime(), arrive);
        packet.reached(head);
        handlers[head].receive(packet);
    }

    void setUp(boolean up) {
        if (this.up && !up) {
            downDrops += queued() + inFlight.size() + (onWire == null ? 0 : 1);
            waiting.clear();
            control.clear();
            inFlight.clear();
            onWire = null;
            cancel(transmission);
            cancel(arrival);
            transmission = null;
            arrival = null;
        }
        this.up = up;
    }

    private static void cancel(Runnable event) {
        if (event != null) {
            event.run();
        }
    }

    void setRate(long bitsPerSecond) {
        if (bitsPerSecond <= 0) {
            throw new IllegalArgumentException("a port's rate must be positive, got " + bitsPerSecond + " bit/s");
        }
        rateBitsPerSecond = bitsPerSecond;
    }

    void setLossRate(double lossRate) {
        if (!(lossRate >= 0 && lossRate <= 1)) {
            throw new IllegalArgumentException("a loss rate is between 0 and 1, got " + lossRate);
        }
        this.lossRate = lossRate;
    }

    public int arc() {
        return arc;
    }

    public boolean isUp() {
        return up;
    }

    public long rateBitsPerSecond() {
        return rateBitsPerSecond;
    }

    /** Bytes put on the link (including packets then lost at random). */
    public long bytesSent() {
        return bytesSent;
    }

    /** Bytes of the packets larger than {@link #CONTROL_BYTES} (data) put on the link. */
    public long dataBytesSent() {
        return dataBytesSent;
    }

    public long packetsSent() {
        return packetsSent;
    }

    /** Packets dropped because the queue was full (drop-tail). */
    public long queueDrops() {
        return queueDrops;
    }

    /** Packets lost at random after transmission (the loss rate). */
    public long lossDrops() {
        return lossDrops;
    }

    /** Packets dropped because the link was down. */
    public long downDrops() {
        return downDrops;
    }

    /** Every packet this port dropped, for whatever reason. */
    public long drops() {
        return queueDrops + lossDrops + downDrops;
    }

    /** Packets waiting in the queue now (not counting the one being transmitted). */
    public int queued() {
        return waiting.size() + control.size();
    }
}
