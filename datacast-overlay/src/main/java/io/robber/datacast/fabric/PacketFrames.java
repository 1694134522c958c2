package io.robber.datacast.fabric;

import io.netty.buffer.ByteBuf;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A packet as one frame on a loopback link: its length, the (emulated) time it reaches the far end,
 * its route, position, direction and size, then the protocol's payload. Routes read back are
 * interned, so equal routes are one array again, as they were when sent: a protocol may keep a
 * packet's route as the identity of the way back (retransmissions from one receiver share it).
 */
final class PacketFrames {
    /** Longer routes than this are refused: the frame has two bytes for the length. */
    static final int MAX_ROUTE = 0xFFFF;

    private final PayloadCodec payloads;
    private final Map<Route, int[]> routes = new HashMap<>();

    PacketFrames(PayloadCodec payloads) {
        this.payloads = payloads;
    }

    /** A frame read back: the packet and when it arrives at the far end, virtual-clock time. */
    record Frame(long arrivalNanos, Packet packet) {
    }

    /** Appends {@code packet}'s frame to {@code out}, its length (four bytes) first. */
    void write(long arrivalNanos, Packet packet, ByteBuf out) {
        int[] route = packet.route();
        if (route.length > MAX_ROUTE) {
            throw new IllegalArgumentException("a route of " + route.length + " arcs is too long for a frame");
        }
        int start = out.writerIndex();
        out.writeInt(0);
        out.writeLong(arrivalNanos);
        out.writeShort(route.length);
        for (int arc : route) {
            out.writeInt(arc);
        }
        out.writeInt(packet.hop());
        out.writeBoolean(packet.backwards());
        out.writeInt(packet.sizeBytes());
        payloads.encode(packet.payload(), out);
        out.setInt(start, out.writerIndex() - start - 4);
    }

    /** The packet of one frame (without its length). */
    Frame read(ByteBuf frame) {
        long arrival = frame.readLong();
        int[] route = new int[frame.readUnsignedShort()];
        for (int i = 0; i < route.length; i++) {
            route[i] = frame.readInt();
        }
        int hop = frame.readInt();
        boolean backwards = frame.readBoolean();
        int size = frame.readInt();
        Object payload = payloads.decode(frame);
        int[] interned = routes.computeIfAbsent(new Route(route), r -> r.arcs);
        return new Frame(arrival, Packet.restored(interned, hop, backwards, size, payload));
    }

    private record Route(int[] arcs) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Route other && Arrays.equals(arcs, other.arcs);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(arcs);
        }
    }
}
