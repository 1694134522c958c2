package io.robber.datacast.transport;

import io.robber.datacast.fabric.Packet.ReturnRoute;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The interests a node has forwarded (or, at the source, queued) and not yet seen answered, by name,
 * each kept as the way back its data will retrace (CCN's pending interest table). A second
 * interest for a pending name waits here instead of travelling on, so one copy of each data packet
 * crosses each tree link.
 */
final class PendingInterests {
    private final Map<DataName, List<ReturnRoute>> pending = new HashMap<>();

    /**
     * Records {@code interest} as waiting for {@code name}, once per way back (a retransmission from
     * the same receiver waits as one); whether it is the first interest for the name.
     */
    boolean add(DataName name, ReturnRoute interest) {
        List<ReturnRoute> waiting = pending.computeIfAbsent(name, n -> new ArrayList<>(2));
        if (!waiting.contains(interest)) {
            waiting.add(interest);
        }
        return waiting.size() == 1 && waiting.get(0) == interest;
    }

    boolean contains(DataName name) {
        return pending.containsKey(name);
    }

    /** The interests waiting for {@code name}, now answered, or null if none was. */
    List<ReturnRoute> satisfy(DataName name) {
        return pending.remove(name);
    }
}
