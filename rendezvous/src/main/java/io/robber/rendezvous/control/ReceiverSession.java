package io.robber.rendezvous.control;

/** A registered receiver as its {@link Coordinator} sees it; the coordinator's threads update it. */
public final class ReceiverSession {
    final ControlChannel channel;
    private final Registration registration;
    volatile long bytes;
    ControlMessage.Done done;
    String lost;
    boolean ended;

    ReceiverSession(ControlChannel channel, Registration registration) {
        this.channel = channel;
        this.registration = registration;
    }

    public Registration registration() {
        return registration;
    }

    public long bytes() {
        return bytes;
    }

    /** Its outcome, or null while it runs. */
    public synchronized ControlMessage.Done done() {
        return done;
    }

    /** Why its connection was lost before it reported, or null. */
    public synchronized String lost() {
        return lost;
    }

    synchronized boolean resolved() {
        return done != null || lost != null;
    }
}
