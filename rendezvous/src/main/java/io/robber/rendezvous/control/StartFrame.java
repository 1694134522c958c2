package io.robber.rendezvous.control;

import java.util.List;

/**
 * What the start sends each receiver of the group, kept for one that rejoins later: the manifest's
 * parts, the start frame, then the departures so far. Lives on the coordinator's loop.
 */
final class StartFrame {
    /** Told when the start frame could not be sent on {@code connection}. */
    interface Failure {
        void failed(ReceiverSession receiver, ReceiverConnection connection, String why);
    }

    private final List<ControlMessage.ManifestPart> parts;
    private final ControlMessage.Start start;

    StartFrame(List<ControlMessage.ManifestPart> parts, ControlMessage.Start start) {
        this.parts = List.copyOf(parts);
        this.start = start;
    }

    /** Sends the parts and the start frame to {@code receiver}'s current connection, then the departures so far. */
    void sendTo(ReceiverSession receiver, Departures departures, Failure failure) {
        ReceiverConnection connection = receiver.connection;
        parts.forEach(connection::send);
        connection.send(start).addListener(f -> {
            if (!f.isSuccess()) {
                failure.failed(receiver, connection, ControlSupport.describe(f.cause()));
            }
        });
        departures.tell(receiver);
    }
}
