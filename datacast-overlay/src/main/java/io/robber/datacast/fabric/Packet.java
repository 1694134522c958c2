package io.robber.datacast.fabric;

/**
 * A source-routed packet (Datacast §5.1: no FIB): it carries its route as arcs of the
 * {@link io.robber.datacast.topology.Network} and its position on it, so a switch forwards it without
 * any table. A reply can {@linkplain #retracing retrace} a request's route back to its origin, sharing
 * the request's route array. The payload is the protocol's message; the fabric only reads the size.
 *
 * <p>Mutable and owned by one node at a time: the node that receives it may forward it (the same
 * object travels on), answer it or absorb it.
 */
public final class Packet {
    private final int[] route;
    private final boolean backwards;
    private final int sizeBytes;
    private final Object payload;
    private int hop;
    private int at = -1;

    private Packet(int[] route, int hop, boolean backwards, int sizeBytes, Object payload) {
        if (sizeBytes <= 0) {
            throw new IllegalArgumentException("a packet has at least one byte, got " + sizeBytes);
        }
        this.route = route;
        this.hop = hop;
        this.backwards = backwards;
        this.sizeBytes = sizeBytes;
        this.payload = payload;
    }

    /** A packet to send along {@code route} (arcs, the first leaving the sender), shared, not copied. */
    public static Packet along(int[] route, int sizeBytes, Object payload) {
        if (route.length == 0) {
            throw new IllegalArgumentException("a packet's route needs at least one arc");
        }
        return new Packet(route, 0, false, sizeBytes, payload);
    }

    /**
     * A reply from where {@code request} is now back to its origin: the request's arcs taken so far,
     * reversed. Needs a request that went forwards at least one hop.
     */
    public static Packet retracing(Packet request, int sizeBytes, Object payload) {
        return request.returnRoute().reply(sizeBytes, payload);
    }

    /**
     * The way back from where this request is now to its origin, to answer it later (the packet
     * itself may travel on meanwhile).
     */
    public ReturnRoute returnRoute() {
        if (backwards || hop == 0) {
            throw new IllegalArgumentException("only a request that has travelled forwards can be retraced");
        }
        return new ReturnRoute(route, hop);
    }

    /** The first {@code hops} arcs of a request's {@code route}, to retrace backwards. */
    public record ReturnRoute(int[] route, int hops) {
        /** A reply along this way back. */
        public Packet reply(int sizeBytes, Object payload) {
            return new Packet(route, hops - 1, true, sizeBytes, payload);
        }
    }

    /** The arc this packet leaves on next; only when not {@link #arrived()}. */
    public int nextArc() {
        return backwards ? route[hop] ^ 1 : route[hop];
    }

    /** Whether the packet has reached the end of its route. */
    public boolean arrived() {
        return backwards ? hop < 0 : hop == route.length;
    }

    /** A packet read back from its bytes ({@link PacketFrames}): the route, position and direction it had. */
    static Packet restored(int[] route, int hop, boolean backwards, int sizeBytes, Object payload) {
        return new Packet(route, hop, backwards, sizeBytes, payload);
    }

    int[] route() {
        return route;
    }

    int hop() {
        return hop;
    }

    boolean backwards() {
        return backwards;
    }

    /** The arc this packet took last; only once it has travelled. */
    int lastArc() {
        return backwards ? route[hop + 1] ^ 1 : route[hop - 1];
    }

    /** The node the packet reached last, or −1 before its first hop. */
    int at() {
        return at;
    }

    void reached(int node) {
        at = node;
    }

    int take() {
        int arc = nextArc();
        hop += backwards ? -1 : 1;
        return arc;
    }

    public int sizeBytes() {
        return sizeBytes;
    }

    public Object payload() {
        return payload;
    }

}
