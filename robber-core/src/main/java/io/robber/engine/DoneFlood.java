package io.robber.engine;

import io.robber.api.Group;
import io.robber.wire.Message;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The flood of the set of members that hold every piece, so that {@code flush()} returns only when
 * the whole group holds everything (the paper's done/stop only covers direct neighbours).
 */
final class DoneFlood {
    private final int op;
    private final Group group;
    private final Flooding flooding;
    private final BitSet done = new BitSet();

    DoneFlood(int op, Group group, Flooding flooding) {
        this.op = op;
        this.group = group;
        this.flooding = flooding;
    }

    /** Adds {@code members} and floods the set when it grew; true when it did. */
    boolean merge(BitSet members) {
        BitSet news = (BitSet) members.clone();
        news.andNot(done);
        if (news.isEmpty()) {
            return false;
        }
        done.or(members);
        flooding.flood(new Message.Done(op, (BitSet) done.clone()), -1);
        return true;
    }

    /** Adds {@code member}, this node once it holds everything, and floods the set. */
    void markDone(int member) {
        done.set(member);
        flooding.flood(new Message.Done(op, (BitSet) done.clone()), -1);
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

    /** Sends the set to {@code peer}. */
    void resend(int peer) {
        flooding.send(peer, new Message.Done(op, (BitSet) done.clone()));
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
