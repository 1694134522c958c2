package io.robber.rendezvous.control;

import java.util.List;
import java.util.function.BiConsumer;

/**
 * Receivers that start one data channel together: the group fixed at the start, or late joiners,
 * which the root serves on a data channel of their own. A wave has its own start frame, kept for a
 * member that rejoins, and its own departures, told to its members only. Lives on the coordinator's loop.
 */
public final class Wave {
    private final List<ReceiverSession> members;
    private final Departures departures = new Departures();
    private StartFrame startFrame;

    Wave(List<ReceiverSession> members) {
        this.members = List.copyOf(members);
        this.members.forEach(s -> s.wave = this);
    }

    /** Its receivers, in registration order. */
    public List<Registration> registrations() {
        return members.stream().map(ReceiverSession::registration).toList();
    }

    /**
     * Sends {@code frame} to every member still on the line, then tells them of any that departed since
     * the wave was fixed; {@code sink} hears of every departure, those before included.
     */
    void start(StartFrame frame, BiConsumer<String, String> sink, StartFrame.Failure failure) {
        startFrame = frame;
        members.stream().filter(ReceiverSession::connected).forEach(s -> frame.sendTo(s, departures, failure));
        departures.started(sink);
    }

    /** A member that rejoined gets the start frame, if it went out already. */
    void rejoined(ReceiverSession member, StartFrame.Failure failure) {
        if (startFrame != null) {
            startFrame.sendTo(member, departures, failure);
        }
    }

    /** {@code member} is gone for {@code why}: the root's data channel and the other members hear of it. */
    void departed(ReceiverSession member, String why) {
        departures.departed(member, why, members);
    }

    /** Its members still running are told that their part will not happen, and count as lost for {@code why}. */
    void abort(String why) {
        ControlMessage.Abort abort = new ControlMessage.Abort(why);
        members.stream().filter(s -> !s.resolved()).forEach(s -> {
            if (s.connected()) {
                s.connection.send(abort);
            }
            s.lost(why);
        });
    }
}
