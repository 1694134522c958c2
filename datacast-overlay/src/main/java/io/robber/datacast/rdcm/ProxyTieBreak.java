package io.robber.datacast.rdcm;

import java.util.SplittableRandom;

/**
 * Which receiver becomes a branch's overlay proxy when several of its downstream receivers have
 * joined equally few rings. The paper picks one at random (§3.2); a ranking reproduces a given
 * overlay, such as Fig. 7's.
 */
@FunctionalInterface
public interface ProxyTieBreak {
    /** One of the {@code candidates} (node indices, ascending; at least one). */
    int choose(int[] candidates);

    /** The paper's rule: one at random. */
    static ProxyTieBreak random(SplittableRandom random) {
        return candidates -> candidates[random.nextInt(candidates.length)];
    }

    /** The lowest node index. */
    static ProxyTieBreak lowestIndex() {
        return candidates -> candidates[0];
    }

    /** The candidate that comes first in {@code ranking}; those not ranked come after, lowest index first. */
    static ProxyTieBreak preferring(int... ranking) {
        return candidates -> {
            for (int preferred : ranking) {
                for (int candidate : candidates) {
                    if (candidate == preferred) {
                        return candidate;
                    }
                }
            }
            return candidates[0];
        };
    }
}
