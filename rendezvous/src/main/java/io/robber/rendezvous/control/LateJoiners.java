package io.robber.rendezvous.control;

import io.robber.rendezvous.TransferListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The receivers that register after a transfer started without every expected one
 * ({@link StartPolicy}): they take the places still free and wait for the root to form their
 * {@link Wave}; one that leaves before its wave starts frees its place again. The door closes when the
 * transfer ends. Lives on the coordinator's loop.
 */
final class LateJoiners {
    private final Roster roster;
    private final TransferListener events;
    /** Those waiting for their wave, with when they registered ({@link System#nanoTime()}). */
    private final Map<ReceiverSession, Long> waiting = new LinkedHashMap<>();
    private boolean closed;

    LateJoiners(Roster roster, TransferListener events) {
        this.roster = roster;
        this.events = events;
    }

    /** Gives a newcomer to the running transfer a free place, or says why not. */
    Roster.Admitted admit(ControlMessage.Register register, Registration registration, ReceiverConnection connection) {
        if (closed || roster.isFull()) {
            return Roster.Admitted.refused(Refusal.FULL, "the transfer has already started"
                    + (closed ? " and ended" : " with all " + roster.expected() + " expected receivers")
                    + "; start this receiver before the next 'robber send'");
        }
        Roster.Admitted admitted = roster.admit(register, registration, connection);
        if (admitted.session() != null) {
            waiting.put(admitted.session(), System.nanoTime());
        }
        return admitted;
    }

    /**
     * A receiver given up on ({@code lost}: frozen, cut off or killed for longer than the silence timeout)
     * comes back while the transfer runs: it joins as a late joiner, in a wave of its own, in the place it
     * held (its copy resumes from what it kept). After the transfer's end it is refused.
     */
    Roster.Admitted readmit(ReceiverSession lost, ControlMessage.Register register, Registration registration,
            ReceiverConnection connection) {
        if (closed) {
            return Roster.Admitted.refused(Refusal.FULL, "receiver " + registration.id() + " was given up on ("
                    + lost.lost() + ") and the transfer has ended without it: receive in the next 'robber send'");
        }
        Roster.Admitted admitted = roster.readmit(lost, register, registration, connection);
        if (admitted.session() != null) {
            waiting.put(admitted.session(), System.nanoTime());
            events.info("receiver " + registration.id() + ", given up on (" + lost.lost() + "), came back: it "
                    + "joins the running transfer as a late joiner");
        }
        return admitted;
    }

    /** After the accepted frame went out: tells the operator. */
    void accepted(Registration registration, int count) {
        events.info("receiver " + registration.id() + " (cluster " + registration.cluster() + ", data "
                + registration.dataAddress() + ") registered late: " + count + " of " + roster.expected()
                + "; it joins the running transfer");
    }

    /** {@code session} ended before its wave started: its place is free again; whether it was waiting. */
    boolean left(ReceiverSession session, String why) {
        if (waiting.remove(session) == null) {
            return false;
        }
        roster.leave(session);
        events.info("late receiver " + session.registration().id() + " left before it started (" + why + ")");
        return true;
    }

    /**
     * The next wave: every receiver waiting, once the first of them has waited {@code batch} (so that
     * receivers started together share a wave) or every expected receiver is there; null before.
     */
    Wave form(Duration batch) {
        if (waiting.isEmpty()) {
            return null;
        }
        long first = waiting.values().iterator().next();
        if (System.nanoTime() - first < batch.toNanos() && !roster.isFull()) {
            return null;
        }
        Wave wave = new Wave(new ArrayList<>(waiting.keySet()));
        waiting.clear();
        return wave;
    }

    /** No more late joiners: the transfer ends. */
    void close() {
        closed = true;
    }
}
