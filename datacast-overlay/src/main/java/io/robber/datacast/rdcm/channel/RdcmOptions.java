package io.robber.datacast.rdcm.channel;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.datacast.overlay.MemberPlacement;
import io.robber.engine.OptionNames;
import io.robber.engine.StringOptions;

/**
 * The {@code rdcm} protocol's options, read from {@link ProtocolOptions#extra()} keys prefixed
 * {@code rdcm.}; anything else under that prefix is rejected.
 *
 * @param placement          where the members sit: {@code rdcm.topology} or {@code rdcm.topology-file},
 *                           {@code rdcm.servers} and {@code rdcm.source} ({@link MemberPlacement})
 * @param window             w of §3.5: a receiver that got piece m expects up to m + w, and the source
 *                           sends no further than the slowest receiver's m + w
 * @param repairTimeoutNanos how long a receiver waits for its overlay successor's ACK before it repairs
 *                           it, and the source for an overlay child's before it sends the piece down the
 *                           tree again (§3.3)
 * @param repairAttempts     repairs of one piece to one successor before the receiver gives up on it
 */
public record RdcmOptions(MemberPlacement placement, int window, long repairTimeoutNanos, int repairAttempts) {
    public static final String PREFIX = "rdcm.";
    /** The largest window: the pieces pushed to a member and not yet reported received. */
    public static final int MAX_WINDOW = 1024;
    /** The string options under {@value #PREFIX}. */
    public static final OptionNames OPTIONS = new OptionNames("rdcm", PREFIX, MemberPlacement.keysWith("window",
            "repair-timeout", "repair-attempts"));

    public static RdcmOptions of(Group group, ProtocolOptions options) {
        StringOptions rdcm = StringOptions.under(options, OPTIONS);
        int window = rdcm.positive("window", 32);
        if (window > MAX_WINDOW) {
            throw new IllegalArgumentException(PREFIX + "window must be at most " + MAX_WINDOW + ", got " + window);
        }
        return new RdcmOptions(MemberPlacement.read(group, rdcm, PREFIX), window,
                rdcm.durationNanos("repair-timeout", 5_000_000_000L), rdcm.positive("repair-attempts", 8));
    }

    /** The sending member's index. */
    public int source() {
        return placement.source();
    }
}
