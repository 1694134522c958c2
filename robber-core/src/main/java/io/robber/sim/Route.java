package io.robber.sim;

/**
 * One direction of a connection between two simulated nodes: it carries frames in order (FIFO, as
 * TCP does) and tells when the last byte of each reached the far end.
 */
public interface Route {
    /** A {@code sent} callback for frames nobody waits on; routes schedule nothing for it. */
    Runnable UNWATCHED = () -> { };

    /**
     * Sends a frame of {@code bytes} that enters the route at {@code clock.now()}; {@code arrived}
     * runs on the clock when its last byte reached the far end (never synchronously).
     */
    default void send(VirtualClock clock, long bytes, Runnable arrived) {
        send(clock, bytes, UNWATCHED, arrived);
    }

    /**
     * As {@link #send(VirtualClock, long, Runnable)}; {@code sent} runs on the clock when the frame's
     * last byte has left the sender's side — crossed the links before the first delay, where a real
     * sender's write completes — before {@code arrived}.
     */
    void send(VirtualClock clock, long bytes, Runnable sent, Runnable arrived);

    /** The one-way delay from sender to far end, without any transmission time. */
    long latencyNanos();
}
