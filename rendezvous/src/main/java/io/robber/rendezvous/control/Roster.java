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

    /** What {@link #admit} decided: a session, or a refusal and its reason. */
    record Admitted(ReceiverSession session, int count, Refusal refusal, String reason) {
    }

    Roster(int expected, Admission admission) {
        this.expected = expected;
        this.admission = admission;
    }

    /** Gives {@code registration} a place, or says why not. */
    Admitted admit(ControlMessage.Register register, Registration registration,
            ReceiverConnection connection) {
        if (sessions.size() >= expected) {
            return new Admitted(null, 0, Refusal.FULL, "all " + expected + " expected receivers have "
                    + "registered: raise --expect on the sender or stop this receiver");
        }
        Optional<String> conflict = admission.conflict(register, registrations());
        if (conflict.isPresent()) {
            return new Admitted(null, 0, Refusal.CONFLICT, conflict.get());
        }
        ReceiverSession session = new ReceiverSession(connection, registration);
        sessions.put(registration.id(), session);
        return new Admitted(session, sessions.size(), null, null);
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

    /** Why the wait of {@code wait} for receivers at {@code coordinator} ended without every place taken. */
    String shortfall(Duration wait, InetSocketAddress coordinator) {
        String registered = sessions.isEmpty() ? "none" : String.join(", ", sessions.keySet());
        return "only " + sessions.size() + " of " + expected + " receivers registered within " + Units.duration(wait)
                + " (registered: " + registered + "): start the missing receivers with --coordinator "
                + Addresses.format(coordinator) + ", lower --expect or raise --wait";
    }

    int size() {
        return sessions.size();
    }

    int expected() {
        return expected;
    }
}
