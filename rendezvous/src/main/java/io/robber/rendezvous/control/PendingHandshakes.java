package io.robber.rendezvous.control;

import java.net.InetAddress;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The connections that have not registered yet, oldest first, and who gives way when there are too
 * many. A new connection is always let in: when its source address already has
 * {@link #perSource} handshakes under way, the oldest of those is evicted; when {@link #total} are
 * under way, the oldest of all is. A real receiver registers within a few round trips, so it is
 * rarely the oldest; connections that dribble bytes to hold a place (slow-loris) are the ones that
 * give way, and a flood from one address cannot take the places of others.
 *
 * <p>Not thread-safe: used on the coordinator's event loop.
 */
final class PendingHandshakes<C> {
    private final int total;
    private final int perSource;
    private final LinkedHashMap<C, InetAddress> pending = new LinkedHashMap<>();
    private final Map<InetAddress, Integer> bySource = new HashMap<>();

    PendingHandshakes(int total, int perSource) {
        if (total < 1 || perSource < 1) {
            throw new IllegalArgumentException("limits must be positive: " + total + ", " + perSource);
        }
        this.total = total;
        this.perSource = perSource;
    }

    /** Lets {@code connection} from {@code source} in; returns the one it displaces, or null. */
    C add(C connection, InetAddress source) {
        C evicted = null;
        if (bySource.getOrDefault(source, 0) >= perSource) {
            evicted = oldestFrom(source);
        } else if (pending.size() >= total) {
            evicted = pending.keySet().iterator().next();
        }
        if (evicted != null) {
            remove(evicted);
        }
        pending.put(connection, source);
        bySource.merge(source, 1, Integer::sum);
        return evicted;
    }

    /** {@code connection} registered, was refused or closed; false when it was not pending. */
    boolean remove(C connection) {
        InetAddress source = pending.remove(connection);
        if (source == null) {
            return false;
        }
        bySource.computeIfPresent(source, (s, n) -> n == 1 ? null : n - 1);
        return true;
    }

    int size() {
        return pending.size();
    }

    private C oldestFrom(InetAddress source) {
        for (Iterator<Map.Entry<C, InetAddress>> it = pending.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<C, InetAddress> e = it.next();
            if (e.getValue().equals(source)) {
                return e.getKey();
            }
        }
        throw new IllegalStateException("no pending connection from " + source);
    }
}
