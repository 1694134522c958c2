package io.robber.sim;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.engine.PeerGraph;
import io.robber.wire.MessageType;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.ToLongFunction;

/** The outcome of one simulated run: per-node statistics, completion times and what went wrong. */
public final class SimResult {
    private final Group group;
    private final Manifest manifest;
    private final PeerGraph graph;
    private final List<NodeStats> stats = new ArrayList<>();
    private final List<BitSet> holdings = new ArrayList<>();
    private final long endTime;
    private final long events;
    private final List<String> disconnects;
    private final WanTraffic wan;

    SimResult(Group group, Manifest manifest, PeerGraph graph, List<SimNode> nodes, long endTime, long events,
              List<String> disconnects, WanTraffic wan) {
        this.group = group;
        this.manifest = manifest;
        this.graph = graph;
        for (SimNode node : nodes) {
            stats.add(node.stats);
            holdings.add((BitSet) node.holds.clone());
        }
        this.endTime = endTime;
        this.events = events;
        this.disconnects = List.copyOf(disconnects);
        this.wan = wan;
    }

    /** What crossed the wide area, per cluster pair and global connection. */
    public WanTraffic wan() {
        return wan;
    }

    public Group group() {
        return group;
    }

    public PeerGraph graph() {
        return graph;
    }

    public NodeStats node(int member) {
        return stats.get(member);
    }

    /** The pieces a member holds at the end. */
    public BitSet holds(int member) {
        return (BitSet) holdings.get(member).clone();
    }

    /** Virtual time (ns) when the last member held every piece. */
    public long completionTime() {
        long last = 0;
        for (NodeStats s : stats) {
            last = Math.max(last, s.localCompleteAt);
        }
        return last;
    }

    /** Virtual time (ns) when the run ended: every member finished. */
    public long endTime() {
        return endTime;
    }

    public long events() {
        return events;
    }

    public List<String> disconnects() {
        return disconnects;
    }

    /** The failure reason of every member whose operation failed. */
    public List<String> failures() {
        return stats.stream().filter(s -> s.failure != null).map(s -> s.failure).toList();
    }

    /** Sum of a statistic over the members of {@code cluster}. */
    public long sum(String cluster, ToLongFunction<NodeStats> what) {
        return group.collective(cluster).stream().mapToLong(m -> what.applyAsLong(stats.get(m))).sum();
    }

    /** Sum of a statistic over all members. */
    public long total(ToLongFunction<NodeStats> what) {
        return stats.stream().mapToLong(what).sum();
    }

    public long messages(MessageType type) {
        return total(s -> s.messagesSent(type));
    }

    /**
     * Throws an {@link AssertionError} unless every member holds every piece, learnt of global
     * completion, nothing failed and no connection was dropped.
     */
    public SimResult assertAllComplete() {
        List<String> problems = new ArrayList<>();
        int p = manifest.pieceCount();
        for (int i = 0; i < stats.size(); i++) {
            NodeStats s = stats.get(i);
            String id = group.member(i).id();
            if (holdings.get(i).cardinality() != p) {
                problems.add(id + " holds " + holdings.get(i).cardinality() + " of " + p + " pieces");
            }
            if (s.failure != null) {
                problems.add(id + " failed: " + s.failure);
            } else if (s.globalCompleteAt < 0) {
                problems.add(id + " never learnt of global completion");
            }
            if (s.localCompleteAt < 0) {
                problems.add(id + " never completed locally");
            }
        }
        disconnects.forEach(d -> problems.add("disconnect: " + d));
        if (!problems.isEmpty()) {
            throw new AssertionError("run did not complete cleanly:\n  " + String.join("\n  ", problems));
        }
        return this;
    }

    /**
     * Throws an {@link AssertionError} unless every member that did not crash holds every piece and
     * completed without failure, and learnt how the group finished: its flush failure names each
     * crashed member that did not hold every piece yet. (One that did counts as done if its done
     * message got out before the crash, so the flush may then succeed.)
     */
    public SimResult assertSurvivorsComplete(int... crashed) {
        List<String> problems = new ArrayList<>();
        BitSet dead = new BitSet();
        List<String> unfinished = new ArrayList<>();
        for (int c : crashed) {
            dead.set(c);
            if (stats.get(c).localCompleteAt < 0) {
                unfinished.add(group.member(c).id());
            }
        }
        int p = manifest.pieceCount();
        for (int i = dead.nextClearBit(0); i < stats.size(); i = dead.nextClearBit(i + 1)) {
            NodeStats s = stats.get(i);
            String id = group.member(i).id();
            if (holdings.get(i).cardinality() != p) {
                problems.add(id + " holds " + holdings.get(i).cardinality() + " of " + p + " pieces");
            }
            if (s.failure != null) {
                problems.add(id + " failed: " + s.failure);
            } else if (unfinished.isEmpty() && s.globalCompleteAt < 0 && s.flushFailure == null) {
                problems.add(id + " never learnt how the group finished");
            } else if (!unfinished.isEmpty() && s.flushFailure == null) {
                problems.add(id + " did not learn that members failed");
            }
            for (String u : unfinished) {
                if (s.flushFailure != null && !s.flushFailure.contains("member " + u + " failed")) {
                    problems.add(id + "'s flush failure does not name " + u + ": " + s.flushFailure);
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new AssertionError("survivors did not complete cleanly:\n  " + String.join("\n  ", problems)
                    + "\n" + summary());
        }
        return this;
    }

    /** One line per member plus totals, for test logs. */
    public String summary() {
        StringBuilder out = new StringBuilder();
        out.append(String.format("completion %.3f s, end %.3f s, %d events, messages: steal %d, work %d, found-work %d,"
                        + " desire %d, have %d, request %d%n", completionTime() / 1e9, endTime / 1e9, events,
                messages(MessageType.STEAL), messages(MessageType.WORK), messages(MessageType.FOUND_WORK),
                messages(MessageType.DESIRE), messages(MessageType.HAVE), messages(MessageType.REQUEST)));
        for (int i = 0; i < stats.size(); i++) {
            out.append("  ").append(group.member(i).id()).append(": ").append(stats.get(i)).append('\n');
        }
        return out.toString();
    }
}
