package io.robber.rendezvous.control;

/**
 * A registered receiver as its {@link Coordinator} sees it. Its connection's handler updates it on the
 * coordinator's event loop; the transfer reads it from any thread. Once the transfer runs, a receiver
 * whose connection closes is away until it rejoins on a new connection or is given up on (lost).
 */
public final class ReceiverSession {
    volatile ReceiverConnection connection;
    /** The wave it started with, or will; null for a late joiner whose wave is not formed yet. */
    Wave wave;
    private final Registration registration;
    private volatile long bytes;
    private volatile ControlMessage.Done done;
    private volatile String lost;
    private volatile String away;

    ReceiverSession(ReceiverConnection connection, Registration registration) {
        this.connection = connection;
        this.registration = registration;
    }

    public Registration registration() {
        return registration;
    }

    /** Payload bytes it has received, as it last reported. */
    public long bytes() {
        return bytes;
    }

    /** Its outcome, or null while it runs. */
    public ControlMessage.Done done() {
        return done;
    }

    /** Why its connection was lost before it reported, or null. */
    public String lost() {
        return lost;
    }

    /** Why its connection closed while it may still rejoin, or null. */
    public String away() {
        return away;
    }

    /** On the line: neither away nor lost, so frames sent to it can arrive. */
    boolean connected() {
        return lost == null && away == null;
    }

    boolean resolved() {
        return done != null || lost != null;
    }

    void progress(long received) {
        bytes = received;
    }

    void done(ControlMessage.Done outcome) {
        done = outcome;
    }

    void lost(String why) {
        lost = why;
        away = null;
    }

    void away(String why) {
        away = why;
    }

    /** It registered again, restarted, on {@code newConnection}. */
    void rejoined(ReceiverConnection newConnection) {
        connection = newConnection;
        away = null;
    }
}
