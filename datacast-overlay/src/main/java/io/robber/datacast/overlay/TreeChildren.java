package io.robber.datacast.overlay;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * A member's children on the contracted multicast tree: the plan's and those adopted after a death;
 * which of them greeted it with a desire (nothing is pushed to a member before its operation starts),
 * what each said it holds or was pushed since, and the highest expected piece each reported for itself and the members
 * below it (§3.5). A child of the plan is assumed to expect the first w pieces until it reports; an
 * adopted one counts from its first report.
 */
public final class TreeChildren {
    private final BitSet children = new BitSet();
    private final BitSet ready = new BitSet();
    private final Map<Integer, BitSet> holds = new HashMap<>();
    private final Map<Integer, Integer> expected = new HashMap<>();

    public TreeChildren(int[] planned, int initiallyExpected) {
        for (int child : planned) {
            children.set(child);
            expected.put(child, initiallyExpected);
        }
    }

    /** {@code child} greeted this member with the pieces it misses: it is a child, and ready. */
    public void greeted(int child, BitSet missing, int pieceCount) {
        children.set(child);
        ready.set(child);
        BitSet held = new BitSet();
        held.set(0, pieceCount);
        held.andNot(missing);
        holds.put(child, held);
    }

    public boolean contains(int member) {
        return children.get(member);
    }

    /** The connection is gone: nothing goes to it until it greets again. */
    public void lost(int child) {
        ready.clear(child);
        holds.remove(child);
    }

    public void died(BitSet dead) {
        children.andNot(dead);
        ready.andNot(dead);
        for (int m = dead.nextSetBit(0); m >= 0; m = dead.nextSetBit(m + 1)) {
            holds.remove(m);
            expected.remove(m);
        }
    }

    /** Whether {@code child}'s report raises what it expects. */
    public boolean report(int child, int sequence) {
        Integer before = expected.get(child);
        if (before != null && before >= sequence) {
            return false;
        }
        expected.put(child, sequence);
        return true;
    }

    /** The least of {@code own} and what the children reported. */
    public int leastExpected(int own) {
        int least = own;
        for (var e : expected.entrySet()) {
            if (children.get(e.getKey())) {
                least = Math.min(least, e.getValue());
            }
        }
        return least;
    }

    /**
     * Hands {@code push} each ready child that neither held {@code piece} when it greeted nor was pushed
     * it since: a piece pushed over a connection arrives unless the connection is lost, and then the
     * child greets again.
     */
    public void forEachWanting(int piece, IntConsumer push) {
        for (int c = ready.nextSetBit(0); c >= 0; c = ready.nextSetBit(c + 1)) {
            BitSet held = holds.get(c);
            if (children.get(c) && !held.get(piece)) {
                held.set(piece);
                push.accept(c);
            }
        }
    }
}
