package io.robber.datacast.mctcp;

import io.robber.datacast.multicast.MulticastTree;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * MCTCP's session manager (§3.2.1): the active groups, and the trees of closed sessions kept
 * inactive so that a new session with the same sender and receivers reuses its tree; inactive trees
 * older than {@code keepNanos} are cleaned up periodically.
 */
public final class SessionManager {
    private final long keepNanos;
    private final Map<Integer, RoutedGroup> active = new LinkedHashMap<>();
    private final Map<List<Integer>, Inactive> inactive = new HashMap<>();
    private long reused;
    private long cleaned;

    public SessionManager(long keepNanos) {
        this.keepNanos = keepNanos;
    }

    /** The tree a closed session with this sender and these receivers left, taken out of the inactive set. */
    public Optional<MulticastTree> reuse(int source, int[] receivers) {
        Inactive tree = inactive.remove(key(source, receivers));
        if (tree != null) {
            reused++;
        }
        return Optional.ofNullable(tree).map(Inactive::tree);
    }

    public void open(RoutedGroup group) {
        active.put(group.id(), group);
    }

    /** The session of {@code group} closed at {@code now}: its tree is kept inactive. */
    public RoutedGroup close(int group, long now) {
        RoutedGroup closed = active.remove(group);
        if (closed != null) {
            inactive.put(key(closed.source(), closed.receivers()), new Inactive(closed.tree(), now));
        }
        return closed;
    }

    /** Drops the inactive trees kept longer than {@code keepNanos} before {@code now}. */
    public void clean(long now) {
        for (Iterator<Inactive> it = inactive.values().iterator(); it.hasNext(); ) {
            if (now - it.next().since() >= keepNanos) {
                it.remove();
                cleaned++;
            }
        }
    }

    /** The active groups, in the order they opened. */
    public List<RoutedGroup> active() {
        return List.copyOf(active.values());
    }

    public int inactiveCount() {
        return inactive.size();
    }

    public long reused() {
        return reused;
    }

    public long cleaned() {
        return cleaned;
    }

    private static List<Integer> key(int source, int[] receivers) {
        int[] sorted = receivers.clone();
        Arrays.sort(sorted);
        Integer[] key = new Integer[sorted.length + 1];
        key[0] = source;
        for (int i = 0; i < sorted.length; i++) {
            key[i + 1] = sorted[i];
        }
        return List.of(key);
    }

    private record Inactive(MulticastTree tree, long since) {
    }
}
