package io.robber.emulation.toxi;

import java.util.Map;

/**
 * One Toxiproxy toxic: what it does ({@code type} and {@code attributes}, as Toxiproxy names them)
 * to one direction of a proxy's connections ({@value #UPSTREAM}: from the connecting client to the
 * upstream server; {@value #DOWNSTREAM}: back).
 */
public record Toxic(String name, String type, String stream, Map<String, Long> attributes) {
    public static final String UPSTREAM = "upstream";
    public static final String DOWNSTREAM = "downstream";

    public Toxic {
        if (!stream.equals(UPSTREAM) && !stream.equals(DOWNSTREAM)) {
            throw new IllegalArgumentException("a toxic's stream is upstream or downstream: " + stream);
        }
        attributes = Map.copyOf(attributes);
    }

    /** Every chunk of data held back {@code millis} milliseconds. */
    public static Toxic latency(String name, String stream, long millis) {
        return new Toxic(name, "latency", stream, Map.of("latency", millis, "jitter", 0L));
    }

    /** Connections closed with a TCP reset once {@code afterMillis} have passed ({@code 0}: at once). */
    public static Toxic resetPeer(String name, String stream, long afterMillis) {
        return new Toxic(name, "reset_peer", stream, Map.of("timeout", afterMillis));
    }

    /** Data stops flowing and is dropped; with {@code millis} 0 the connection stays open until the toxic goes. */
    public static Toxic timeout(String name, String stream, long millis) {
        return new Toxic(name, "timeout", stream, Map.of("timeout", millis));
    }
}
