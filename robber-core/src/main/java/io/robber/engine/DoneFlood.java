package io.robber.engine;

import io.robber.api.Group;
import io.robber.wire.Message;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The flood of the set of members that hold every piece, so that {@code flush()} returns only when
 * the whole group holds everything (the paper's done/stop only covers direct neighbours). Each
 * neighbour hears of each done member once, in batches ({@link Gossip}).
 */
final class DoneFlood {
    /** The shortest time between two batches: done members only decide when {@code flush()} returns. */
    static final long INTERVAL_NANOS = 50_000_000L;

    private final Group group;
    private final Gossip gossip;
    private final BitSet done = new BitSet();

    DoneFlood(int op, Group group, int self, List<Integer> neighbours, FloodOrigins origins, NodeIo io) {
        this.group = group;
        this.gossip = new Gossip(neighbours, io, INTERVAL_NANOS, members -> new Message.Done(op, members),
                (to, members) -> origins.done(self, to, members));
    }

    /** Adds {@code members}, learnt from neighbour {@code from}, and passes on the new ones; true when there were any. */
    boolean merge(BitSet members, int from) {
        BitSet news = (BitSet) members.clone();
        news.andNot(done);
        if (news.isEmpty()) {
            return false;
        }
        done.or(news);
        gossip.spread(news, from);
        return true;
    }

    /** Adds {@code member}, this node once it holds everything, and passes it on. */
    void markDone(int member) {
        BitSet self = new BitSet();
        self.set(member);
        merge(self, -1);
    }

    boolean isDone(int member) {
        return done.get(member);
    }

    /** The members not known to be done, ascending. */
    BitSet notDone() {
        BitSet missing = new BitSet();
        missing.set(0, group.size());
        missing.andNot(done);
        return missing;
    }

    /** Sends the done members learnt but not yet passed on now, instead of when the interval ends. */
    void sendPending() {
        gossip.sendPending();
    }

    /** Sends the whole set to {@code peer}. */
    void resend(int peer) {
        gossip.tell(peer, (BitSet) done.clone());
    }

    /** Members not known to be done, by id. */
    List<String> pending() {
        List<String> pending = new ArrayList<>();
        BitSet missing = notDone();
        for (int m = missing.nextSetBit(0); m >= 0; m = missing.nextSetBit(m + 1)) {
            pending.add(group.member(m).id());
        }
        return pending;
    }
}
