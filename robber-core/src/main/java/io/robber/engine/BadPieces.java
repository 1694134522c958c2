package io.robber.engine;

import io.robber.api.Group;
import io.robber.api.Manifest;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Pieces that failed their digest check on one node, counted per sender and per piece, for every
 * protocol alike. The papers trust every member; a deployment cannot, so:
 * <ul>
 *   <li>a member that sends {@link #DEFAULT_LIMIT} (or the configured limit) pieces that fail their
 *       digest is banned: the {@link Operation} declares it dead, which closes it out of the
 *       operation and tells the group why, and its work is taken elsewhere;</li>
 *   <li>a bad piece from the member that is its only source (no other live member held it at the
 *       start) fails the operation at once, naming the piece: its source's data changed or is
 *       corrupt, and the engines, which forget that a sender holds a piece it sent bad, would
 *       otherwise wait for it until the caller's timeout. Asking the same source again would read
 *       the same changed bytes, so no limit applies here.</li>
 * </ul>
 */
final class BadPieces {
    /** Bad pieces after which a member is banned. */
    static final int DEFAULT_LIMIT = 3;

    /** What one rejected piece leads to. */
    sealed interface Verdict {
        /** Counted; the piece is requested again. */
        record Retry() implements Verdict {
        }

        /** The sender is banned for the operation. */
        record Ban(int member, String reason) implements Verdict {
        }

        /** The piece's only source sent bad bytes: the operation fails. */
        record Fail(String reason) implements Verdict {
        }
    }

    private static final Verdict RETRY = new Verdict.Retry();

    private final Group group;
    private final int limit;
    private final Manifest manifest;
    private final int[] perMember;
    private final List<int[]> unsettled = new ArrayList<>();

    BadPieces(Group group, Manifest manifest, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("the bad-piece limit must be at least 1, got " + limit);
        }
        this.group = group;
        this.manifest = manifest;
        this.limit = limit;
        this.perMember = new int[group.size()];
    }

    /**
     * Counts {@code piece} from {@code peer} as bad. {@code initial} is every member's possession at
     * the start, {@code known} whether it is known for every member yet (until then the verdict
     * waits for {@link #settle}); {@code dead} the members out of the operation.
     */
    Verdict rejected(int peer, int piece, List<BitSet> initial, boolean known, IntPredicate dead) {
        if (!known) {
            unsettled.add(new int[] {peer, piece});
            return RETRY;
        }
        return judge(peer, piece, initial, dead);
    }

    /**
     * Judges the pieces rejected before every member's possession was known, now that it is; the
     * first verdict that is not a retry, if any.
     */
    Verdict settle(List<BitSet> initial, IntPredicate dead) {
        Verdict verdict = RETRY;
        for (int[] r : unsettled) {
            Verdict v = judge(r[0], r[1], initial, dead);
            if (verdict instanceof Verdict.Retry) {
                verdict = v;
            }
        }
        unsettled.clear();
        return verdict;
    }

    private Verdict judge(int peer, int piece, List<BitSet> initial, IntPredicate dead) {
        if (soleSource(peer, piece, initial, dead)) {
            long from = manifest.pieceOffset(piece);
            return new Verdict.Fail("piece " + piece + " (bytes " + from + "-" + (from + manifest.pieceLength(piece))
                    + " of the data set) failed its digest check from member " + group.member(peer).id()
                    + ", its only source: the source data changed during the transfer or is corrupt");
        }
        int bad = ++perMember[peer];
        if (bad == limit) {
            return new Verdict.Ban(peer, "banned: sent " + bad + " pieces that failed their digest check (last: piece "
                    + piece + ")");
        }
        return RETRY;
    }

    /** Bad pieces received from {@code member} so far. */
    int count(int member) {
        return perMember[member];
    }

    private static boolean soleSource(int peer, int piece, List<BitSet> initial, IntPredicate dead) {
        if (!initial.get(peer).get(piece)) {
            return false;
        }
        for (int m = 0; m < initial.size(); m++) {
            if (m != peer && !dead.test(m) && initial.get(m).get(piece)) {
                return false;
            }
        }
        return true;
    }
}
