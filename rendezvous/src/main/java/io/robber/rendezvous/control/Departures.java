package io.robber.rendezvous.control;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The members of the fixed group that are gone, and who hears of them: the sender's data channel at
 * once, and every other receiver once the start frame went out (those gone before it, right after
 * it). Lives on the coordinator's loop.
 */
final class Departures {
    private final Map<String, String> gone = new LinkedHashMap<>();
    private BiConsumer<String, String> sink = (id, why) -> { };
    private boolean started;

    /** {@code session} is gone for {@code why}; the receivers still there hear of it. */
    void departed(ReceiverSession session, String why, Collection<ReceiverSession> receivers) {
        String id = session.registration().id();
        if (gone.putIfAbsent(id, why) != null) {
            return;
        }
        sink.accept(id, why);
        if (started) {
            ControlMessage.Departed message = new ControlMessage.Departed(id, why);
            receivers.stream().filter(s -> s != session && s.connected()).forEach(s -> s.connection.send(message));
        }
    }

    /** {@code receiver} just had the start frame: it hears of those gone before. */
    void tell(ReceiverSession receiver) {
        gone.forEach((id, why) -> {
            if (!id.equals(receiver.registration().id())) {
                receiver.connection.send(new ControlMessage.Departed(id, why));
            }
        });
    }

    /** The start frame went out: {@code sink} hears of every departure from now on, and of those before. */
    void started(BiConsumer<String, String> sink) {
        this.sink = sink;
        started = true;
        gone.forEach(sink);
    }
}
