package io.robber.rendezvous.control;

import io.robber.rendezvous.Addresses;
import io.robber.rendezvous.TransferFailedException;
import io.robber.rendezvous.Units;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The receivers holding a place in the group, and the wait for every place to be taken. A receiver
 * that leaves before the start frees its place; the wait then goes on. Lives on the coordinator's loop.
 */
final class Roster {
    private final int expected;
    private final Admission admission;
    private final Map<String, ReceiverSession> sessions = new LinkedHashMap<>();
    /** Completes when every place is taken; replaced when a receiver leaves a full group before the start. */
    private CompletableFuture<List<Registration>> full = new CompletableFuture<>();

    /**
     * What {@link #admit} or {@link #rejoin} decided: a session, or a refusal and its reason.
     *
     * @param rejoined the session is one of the running transfer's, taken back by a restarted receiver
     */
    record Admitted(ReceiverSession session, int count, Refusal refusal, String reason, boolean rejoined) {
        static Admitted refused(Refusal refusal, String reason) {
            return new Admitted(null, 0, refusal, reason, false);
        }
    }

    Roster(int expected, Admission admission) {
        this.expected = expected;
        this.admission = admission;
    }

    /** Gives {@code registration} a place, or says why not. */
    Admitted admit(ControlMessage.Register register, Registration registration,
            ReceiverConnection connection) {
        if (sessions.size() >= expected) {
            return Admitted.refused(Refusal.FULL, "all " + expected + " expected receivers have "
                    + "registered: raise --expect on the sender or stop this receiver");
        }
        Optional<String> conflict = admission.conflict(register, registrations());
        if (conflict.isPresent()) {
            return Admitted.refused(Refusal.CONFLICT, conflict.get());
        }
        ReceiverSession session = new ReceiverSession(connection, registration);
        sessions.put(registration.id(), session);
        return new Admitted(session, sessions.size(), null, null, false);
    }

    /**
     * A receiver registers while the transfer runs: one of the group, whose connection closed and which
     * has not been given up on ({@link ReceiverSession#away()}; see {@link LateJoiners#readmit} for one
     * that was), takes its place back on {@code connection}
     * (it was restarted, e.g. after a crash). It must come back with the same cluster and data host: its
     * peers know it by the group's address for its id, which it binds again.
     */
    Admitted rejoin(ReceiverSession session, Registration registration, ReceiverConnection connection) {
        String id = registration.id();
        if (session.done() != null) {
            return Admitted.refused(Refusal.FULL, "receiver " + id + " already reported its outcome ("
                    + (session.done().ok() ? "a verified copy" : "failed") + "); it cannot rejoin this transfer");
        }
        if (session.away() == null) {
            return Admitted.refused(Refusal.CONFLICT, "receiver " + id + " is still connected to this transfer: "
                    + "two receivers cannot have one --id");
        }
        Registration first = session.registration();
        if (!first.cluster().equals(registration.cluster()) || !first.host().equals(registration.host())) {
            return Admitted.refused(Refusal.CONFLICT, "receiver " + id + " joined as cluster " + first.cluster()
                    + " with data host " + first.host() + "; it can rejoin only as that (--cluster " + first.cluster()
                    + ", --listen " + first.dataAddress() + ")");
        }
        session.rejoined(connection);
        return new Admitted(session, sessions.size(), null, null, true);
    }

    /**
     * A receiver given up on ({@code lost}) registers again while the transfer runs: it takes that place
     * anew in a session of its own, which replaces the lost one (so the sender counts the new outcome),
     * unless it clashes with another receiver.
     */
    Admitted readmit(ReceiverSession lost, ControlMessage.Register register, Registration registration,
            ReceiverConnection connection) {
        List<Registration> others = sessions.values().stream().filter(s -> s != lost)
                .map(ReceiverSession::registration).toList();
        Optional<String> conflict = admission.conflict(register, others);
        if (conflict.isPresent()) {
            return Admitted.refused(Refusal.CONFLICT, conflict.get());
        }
        ReceiverSession session = new ReceiverSession(connection, registration);
        sessions.put(registration.id(), session);
        return new Admitted(session, sessions.size(), null, null, false);
    }

    /** The session holding {@code id}'s place, or null. */
    ReceiverSession session(String id) {
        return sessions.get(id);
    }

    /** Completes the wait if every place is taken now. */
    void checkFull() {
        if (isFull()) {
            full.complete(registrations());
        }
    }

    boolean isFull() {
        return sessions.size() >= expected;
    }

    /** Ends the wait with {@code why} (a receiver declined). */
    void fail(String why) {
        full.completeExceptionally(new TransferFailedException(why, null));
    }

    /** {@code session} leaves before the start; whether it held a place. */
    boolean leave(ReceiverSession session) {
        if (!sessions.remove(session.registration().id(), session)) {
            return false;
        }
        if (full.isDone()) {
            full = new CompletableFuture<>();
        }
        return true;
    }

    /** Completes when every place is taken (the one for now: a departure replaces it). */
    CompletableFuture<List<Registration>> whenFull() {
        return full;
    }

    List<Registration> registrations() {
        return sessions.values().stream().map(ReceiverSession::registration).toList();
    }

    Collection<ReceiverSession> sessions() {
        return sessions.values();
    }

    /**
     * Why the wait of {@code wait} for receivers at {@code coordinator} ended with fewer than the
     * {@code atLeast} it needed to start.
     */
    String shortfall(Duration wait, int atLeast, InetSocketAddress coordinator) {
        String registered = sessions.isEmpty() ? "none" : String.join(", ", sessions.keySet());
        String needed = atLeast < expected ? ", fewer than the " + atLeast + " of --min-receivers" : "";
        String lower = atLeast < expected ? "lower --min-receivers" : "lower --expect";
        return "only " + sessions.size() + " of " + expected + " receivers registered within " + Units.duration(wait)
                + needed + " (registered: " + registered + "): start the missing receivers with --coordinator "
                + Addresses.format(coordinator) + ", " + lower + " or raise --wait";
    }

    int size() {
        return sessions.size();
    }

    int expected() {
        return expected;
    }
}
