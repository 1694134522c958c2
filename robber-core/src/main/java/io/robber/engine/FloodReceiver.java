package io.robber.engine;

import io.robber.api.Group;
import io.robber.wire.Message;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The receiving side of the group-wide floods of one {@link Operation}: possessions, done members
 * and deaths relayed by a neighbour. News the neighbour could not have produced is refused, counted
 * and logged ({@link FloodOrigins}, {@link Rejections}); the rest goes to its flood, which passes it
 * on, and the operation acts on what is new.
 */
final class FloodReceiver {
    private final Operation operation;
    private final Group group;
    private final int self;
    private final PossessionFlood possessions;
    private final DoneFlood done;
    private final FloodOrigins origins;
    private final Rejections rejections;
    private final MemberFailures failures;
    private final MemberFailureHandler failureHandler;

    FloodReceiver(Operation operation, Group group, int self, PossessionFlood possessions, DoneFlood done,
                  FloodOrigins origins, Rejections rejections, MemberFailures failures,
                  MemberFailureHandler failureHandler) {
        this.operation = operation;
        this.group = group;
        this.self = self;
        this.possessions = possessions;
        this.done = done;
        this.origins = origins;
        this.rejections = rejections;
        this.failures = failures;
        this.failureHandler = failureHandler;
    }

    /** Members {@code peer} says are done: the new ones may finish the operation. */
    void onDone(int peer, Message.Done d) {
        if (done.merge(accepted(peer, d, d.members(), origins.done(peer, self, d.members())), peer)) {
            operation.checkFinished();
        }
    }

    /**
     * A death relayed by {@code peer}: taken unless it is about this node, or about a neighbour of this
     * node that still talks to it ({@link FloodOrigins#death}).
     */
    void onDead(int peer, Message.Dead d) {
        int member = d.member();
        if (origins.death(peer, self, member, failures.isLost(member))) {
            failureHandler.recordDeath(member, d.reason(), peer);
        } else if (member == self) {
            rejections.reject(peer, d.type(), "it says this node is dead");
        } else {
            rejections.reject(peer, d.type(), "it says member " + group.member(member).id()
                    + " is dead, but its connection to this node is up");
        }
    }

    /**
     * Possessions relayed by {@code peer}: another data set fails the operation; otherwise the new
     * ones are recorded and the operation checks them.
     */
    void onPossession(int peer, Message.Possession p) {
        possessions.mismatch(p, peer).ifPresentOrElse(operation::fail, () -> learnPossessions(p, peer));
    }

    private void learnPossessions(Message.Possession p, int from) {
        BitSet named = p.members();
        if (!possessions.record(p, accepted(from, p, named, origins.possession(from, self, named)), from).isEmpty()) {
            operation.possessionsLearnt();
        }
    }

    /**
     * The part of {@code named}, the members {@code message} from {@code peer} names, that {@code peer}
     * may tell; the rest is refused.
     */
    private BitSet accepted(int peer, Message message, BitSet named, BitSet accepted) {
        if (!accepted.equals(named)) {
            BitSet refused = (BitSet) named.clone();
            refused.andNot(accepted);
            rejections.reject(peer, message.type(), "it names " + names(refused)
                    + ", which only speak for themselves to this node");
        }
        return accepted;
    }

    /** "c0n1, c0n2, c0n3 and 4 more" */
    private String names(BitSet members) {
        List<String> ids = new ArrayList<>();
        for (int m = members.nextSetBit(0); m >= 0 && ids.size() < 3; m = members.nextSetBit(m + 1)) {
            ids.add(group.member(m).id());
        }
        return members.cardinality() > ids.size()
                ? String.join(", ", ids) + " and " + (members.cardinality() - ids.size()) + " more"
                : String.join(", ", ids);
    }
}
