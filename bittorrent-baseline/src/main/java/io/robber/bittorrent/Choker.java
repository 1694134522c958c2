package io.robber.bittorrent;

import io.robber.engine.Timers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;

/**
 * BitTorrent's choking algorithm (Robber paper §2.5, after Cohen): a node serves ("unchokes") at most
 * {@code slots} peers at a time, and re-decides which every round (10 s). Of the interested peers, the
 * {@code slots - 1} that gave this node the most bytes in the last round are unchoked — tit-for-tat;
 * a node that holds everything has nothing to receive, so it ranks by the bytes it sent them — plus
 * one optimistic unchoke chosen at random from the rest, a different one each round when it can, so
 * that newcomers get a first piece to trade with.
 *
 * <p>Between rounds, a free slot goes at once to an interested peer, so a fresh node does not wait a
 * round for its first piece. A peer that loses interest keeps its slot until an interested peer
 * needs it (or the round ends): interest flips whenever a peer catches up and a new have arrives, and
 * choking and unchoking it each time would drop its requests in flight and have them fetched twice.
 * (A choke can still cross requests in flight and an unchoke follow soon after, so that a piece
 * occasionally arrives twice, as in BitTorrent.) A lost peer frees its slot. At most {@code slots}
 * peers are unchoked at any time. Rounds run only while some peer is interested, so a finished swarm
 * leaves no timer behind. Sans-IO: time comes from
 * {@link Timers}, decisions go out through the {@link Valve}.
 */
final class Choker {

    /** Where the decisions go: the piece exchange, which tells the peer. */
    @FunctionalInterface
    interface Valve {
        void choke(int peer, boolean choked);
    }

    private final Timers timers;
    private final RandomGenerator random;
    private final int slots;
    private final long roundNanos;
    private final Valve valve;
    private final BooleanSupplier seeding;
    private final Set<Integer> interested = new TreeSet<>();
    private final Set<Integer> unchoked = new TreeSet<>();
    private final Map<Integer, Long> received = new HashMap<>();
    private final Map<Integer, Long> sent = new HashMap<>();
    private int optimistic = -1;
    private Runnable cancelRound;
    private boolean stopped;

    /**
     * @param seeding whether this node holds everything, so that it ranks peers by what it sent them
     */
    Choker(Timers timers, RandomGenerator random, int slots, long roundNanos, Valve valve, BooleanSupplier seeding) {
        this.timers = timers;
        this.random = random;
        this.slots = slots;
        this.roundNanos = roundNanos;
        this.valve = valve;
        this.seeding = seeding;
    }

    /** {@code peer} told us whether it wants a piece we announced. */
    void interest(int peer, boolean wants) {
        if (wants) {
            interested.add(peer);
            scheduleRound();
        } else {
            interested.remove(peer);
        }
        fillFreeSlots();
    }

    /** {@code bytes} of a piece arrived from {@code peer}. */
    void received(int peer, long bytes) {
        received.merge(peer, bytes, Long::sum);
    }

    /** {@code bytes} of a piece went to {@code peer}. */
    void sent(int peer, long bytes) {
        sent.merge(peer, bytes, Long::sum);
    }

    /** The connection is gone (or back afresh, choked and not interested): forget the peer, free its slot. */
    void forget(int peer) {
        interested.remove(peer);
        unchoked.remove(peer);
        received.remove(peer);
        sent.remove(peer);
        fillFreeSlots();
    }

    /** The operation is over: no more rounds. */
    void stop() {
        stopped = true;
        if (cancelRound != null) {
            cancelRound.run();
            cancelRound = null;
        }
    }

    /** The peers served now. */
    Set<Integer> unchoked() {
        return Set.copyOf(unchoked);
    }

    /** This round's optimistic unchoke, or -1. */
    int optimistic() {
        return optimistic;
    }

    /**
     * One round: the top {@code slots - 1} by rate, one optimistic from the rest; slots left over stay
     * with the peers that hold them; counters start afresh.
     */
    void rechoke() {
        cancelRound = null;
        if (stopped) {
            return;
        }
        Map<Integer, Long> rate = seeding.getAsBoolean() ? sent : received;
        List<Integer> ranked = shuffled(interested);
        ranked.sort(Comparator.comparingLong((Integer p) -> rate.getOrDefault(p, 0L)).reversed());
        int regular = Math.min(slots - 1, ranked.size());
        Set<Integer> target = new TreeSet<>(ranked.subList(0, regular));
        List<Integer> rest = new ArrayList<>(ranked.subList(regular, ranked.size()));
        if (rest.size() > 1) {
            rest.remove(Integer.valueOf(optimistic));
        }
        optimistic = rest.isEmpty() ? -1 : rest.get(random.nextInt(rest.size()));
        if (optimistic >= 0) {
            target.add(optimistic);
        }
        int spare = slots - target.size();
        for (int p : List.copyOf(unchoked)) {
            if (!target.contains(p)) {
                if (spare > 0 && !interested.contains(p)) {
                    spare--;
                } else {
                    unchoked.remove(p);
                    valve.choke(p, true);
                }
            }
        }
        for (int p : target) {
            if (unchoked.add(p)) {
                valve.choke(p, false);
            }
        }
        received.clear();
        sent.clear();
        if (!interested.isEmpty()) {
            scheduleRound();
        }
    }

    /** Gives interested peers that wait the free slots, and then the slots of unchoked peers that lost interest. */
    private void fillFreeSlots() {
        List<Integer> waiting = shuffled(interested);
        waiting.removeAll(unchoked);
        List<Integer> idle = new ArrayList<>(unchoked);
        idle.removeAll(interested);
        for (int p : waiting) {
            if (unchoked.size() >= slots) {
                if (idle.isEmpty()) {
                    return;
                }
                int out = idle.remove(0);
                unchoked.remove(out);
                valve.choke(out, true);
            }
            unchoked.add(p);
            valve.choke(p, false);
        }
    }

    private void scheduleRound() {
        if (cancelRound == null && !stopped) {
            cancelRound = timers.schedule(roundNanos, this::rechoke);
        }
    }

    private List<Integer> shuffled(Set<Integer> peers) {
        List<Integer> list = new ArrayList<>(peers);
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            Integer swap = list.get(i);
            list.set(i, list.get(j));
            list.set(j, swap);
        }
        return list;
    }
}
