package io.robber.engine;

import io.robber.api.Group;
import io.robber.api.ProtocolException;
import java.time.Duration;
import java.util.List;

/**
 * How one {@link Operation} reacts to members that fail: neighbours whose connection stays lost or
 * silent, neighbours that never start, members the application or the group declares dead, and
 * senders banned for bad pieces ({@link BadPieces}) or dropped by the engine. Each becomes a death,
 * recorded and flooded by {@link MemberFailures}; the engine then re-takes the dead member's work,
 * and a node declared dead itself before it holds everything gives up.
 */
final class MemberFailureHandler {
    private final Operation operation;
    private final Group group;
    private final int self;
    private final List<Integer> neighbours;
    private final MemberFailures failures;
    private final BadPieces badPieces;
    private final PossessionFlood possessions;
    private final NodeIo io;

    MemberFailureHandler(Operation operation, Group group, int self, List<Integer> neighbours,
                         MemberFailures failures, BadPieces badPieces, PossessionFlood possessions, NodeIo io) {
        this.operation = operation;
        this.group = group;
        this.self = self;
        this.neighbours = neighbours;
        this.failures = failures;
        this.badPieces = badPieces;
        this.possessions = possessions;
        this.io = io;
    }

    /**
     * Arms the start watch: a neighbour whose possession has not been heard of within {@code grace}
     * plus the failure timeout is declared dead.
     */
    void awaitStart(Duration grace) {
        failures.awaitStart(neighbours, grace, possessions::knows,
                n -> recordDeath(n, failures.notStartedReason(grace), -1));
    }

    /** See {@link Operation#onPieceRejected}. */
    void pieceRejected(int peer, int piece) {
        if (operation.isFinished() || failures.isDead(peer)) {
            return;
        }
        operation.engine().onPieceRejected(peer, piece);
        act(badPieces.rejected(peer, piece, possessions.all(), possessions.complete(), failures::isDead));
    }

    /** Every member's possession is now known: the bad pieces that arrived before are judged. */
    void settleBadPieces() {
        act(badPieces.settle(possessions.all(), failures::isDead));
    }

    private void act(BadPieces.Verdict verdict) {
        if (verdict instanceof BadPieces.Verdict.Ban ban) {
            ban(ban.member(), ban.reason());
        } else if (verdict instanceof BadPieces.Verdict.Fail fail) {
            operation.fail(fail.reason());
        }
    }

    /** {@code member} is disconnected and declared dead for {@code reason}, here and group-wide. */
    void ban(int member, String reason) {
        if (!operation.isFinished() && !failures.isDead(member)) {
            io.disconnect(member, reason);
            recordDeath(member, reason, -1);
        }
    }

    /** Pieces from {@code member} that failed their digest check in this operation. */
    int badPieces(int member) {
        return badPieces.count(member);
    }

    /** See {@link Operation#onPeerLost}. */
    void lost(int peer) {
        if (operation.isFinished() || failures.isDead(peer)) {
            return;
        }
        operation.engine().onPeerLost(peer);
        failures.lost(peer, () -> recordDeath(peer, failures.lossReason(), -1));
    }

    /** See {@link Operation#onPeerSilent}. */
    void silent(int peer) {
        declareDead(peer, failures.silenceReason());
    }

    /** {@code member} is dead for {@code reason}, found here: recorded and flooded. */
    void declareDead(int member, String reason) {
        if (!operation.isFinished()) {
            recordDeath(member, reason, -1);
        }
    }

    /**
     * Learns (from {@code from}, or locally when -1) that {@code member} is dead, and floods it. The
     * engine re-takes its work; a node that is itself declared dead before it holds everything gives
     * up, since the others no longer serve it.
     */
    void recordDeath(int member, String reason, int from) {
        if (!failures.record(member, reason, from) || operation.isFinished()) {
            return;
        }
        if (member == self) {
            if (!operation.isLocallyComplete()) {
                operation.fail("member " + group.member(self).id() + " was declared dead by the group: " + reason);
            }
            return;
        }
        ProtocolEngine engine = operation.engine();
        if (neighbours.contains(member)) {
            engine.onPeerLost(member);
        }
        operation.announceCollectivePossession();
        engine.onMembersDead(failures.dead());
        if (!operation.isLocallyComplete()) {
            failures.watch(this::giveUpWithoutProgress);
        }
        operation.checkFinished();
    }

    private void giveUpWithoutProgress() {
        if (!operation.isLocallyComplete()) {
            operation.fail(failures.describe(failures.dead()) + "; no piece arrived here for "
                    + failures.seconds() + " since, so the rest of the data is out of reach");
        }
    }
}
