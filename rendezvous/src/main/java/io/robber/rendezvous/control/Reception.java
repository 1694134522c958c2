package io.robber.rendezvous.control;

import io.robber.rendezvous.TransferListener;
import java.net.InetAddress;
import java.util.function.BooleanSupplier;

/**
 * The coordinator's door, until the group is fixed: the connections still greeting (at most
 * {@link #MAX_PENDING}, {@link #MAX_PENDING_PER_SOURCE} from one address; the oldest gives way,
 * {@link PendingHandshakes}) and their log ({@link DropLog}), then the admission of a registration to
 * the {@link Roster}, a receiver's decline, and one that leaves before the start. Lives on the
 * coordinator's loop.
 */
final class Reception {
    /** Connections that are still greeting, at most; a new one displaces the oldest. */
    static final int MAX_PENDING = 64;
    /** Connections from one source address that are still greeting, at most. */
    static final int MAX_PENDING_PER_SOURCE = 8;

    private final Roster roster;
    private final TransferListener events;
    /** True while registrations are taken: the group is not fixed yet and the coordinator not closed. */
    private final BooleanSupplier open;
    private final PendingHandshakes<ReceiverConnection> handshakes = new PendingHandshakes<>(MAX_PENDING,
            MAX_PENDING_PER_SOURCE);
    private final DropLog drops;

    Reception(Roster roster, TransferListener events, BooleanSupplier open) {
        this.roster = roster;
        this.events = events;
        this.open = open;
        this.drops = new DropLog(events, System.nanoTime());
    }

    /** A connection opens; when too many are still greeting, the oldest gives way. */
    void handshakeStarted(ReceiverConnection connection, InetAddress source) {
        ReceiverConnection evicted = handshakes.add(connection, source);
        if (evicted != null) {
            evicted.evict();
        }
    }

    void handshakeEnded(ReceiverConnection connection) {
        handshakes.remove(connection);
    }

    /** A connection ended before it registered: logged, but a flood of them only in summary. */
    void dropped(String remote, String why) {
        drops.dropped(remote, why, System.nanoTime());
    }

    /** Admits a receiver whose registration is authentic and well-formed, or says why not. */
    Roster.Admitted admit(ControlMessage.Register register, Registration registration, ReceiverConnection connection) {
        if (!open.getAsBoolean()) {
            return Roster.Admitted.refused(Refusal.FULL, "the transfer has already started; start this receiver "
                    + "before the next 'robber send'");
        }
        return roster.admit(register, registration, connection);
    }

    /** After the accepted frame went out: tells the operator, and the waiter once everyone is there. */
    void accepted(Registration registration, int count) {
        events.info("receiver " + registration.id() + " (cluster " + registration.cluster() + ", data "
                + registration.dataAddress() + ") registered: " + count + " of " + roster.expected());
        roster.checkFull();
    }

    /**
     * A receiver declined the offer before registering: before the start, the wait for receivers ends
     * with its reason rather than at {@code --wait}.
     */
    void declined(String who, String reason) {
        events.warn("receiver " + who + " declined the transfer: " + reason);
        if (open.getAsBoolean()) {
            roster.fail("receiver " + who + " declined the transfer: " + reason);
        }
    }

    /** A registered receiver's connection ended before the start: its place is free again. */
    void left(ReceiverSession session, String why) {
        if (roster.leave(session)) {
            int missing = roster.expected() - roster.size();
            events.info("receiver " + session.registration().id() + " left before the transfer started (" + why
                    + "): " + roster.size() + " of " + roster.expected() + " registered; waiting for "
                    + (missing == 1 ? "another" : "others"));
        }
    }

    /** Every second: the drop log's summary, and while the group is open, where the wait stands. */
    void tick() {
        drops.tick(System.nanoTime());
        if (open.getAsBoolean()) {
            ControlMessage.Waiting w = new ControlMessage.Waiting(roster.size(), roster.expected());
            roster.sessions().forEach(s -> s.connection.send(w));
        }
    }
}
