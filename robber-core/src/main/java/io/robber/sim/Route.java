package io.robber.sim;

/**
 * One direction of a connection between two simulated nodes: it carries frames in order (FIFO, as
 * TCP does) and tells when the last byte of each reached the far end.
 */
public interface Route {

    /**
     * Sends a frame of {@code bytes} that enters the route at {@code clock.now()}; {@code arrived}
     * runs on the clock when its last byte reached the far end (never synchronously).
     */
    void send(VirtualClock clock, long bytes, Runnable arrived);
}
