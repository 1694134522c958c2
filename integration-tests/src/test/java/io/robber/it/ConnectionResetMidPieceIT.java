package io.robber.it;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every WAN connection to B/1 (and every one B opens) is reset (Toxiproxy {@code reset_peer}) for 2 s from 1 s into an 8 MB transfer, mid-piece: the nodes reconnect within the failure timeout and every receiver ends with a verified copy.
 * Real {@code robber} processes in network namespaces ({@link NetnsFaultRun}); needs root and
 * Toxiproxy, skipped with the reason otherwise.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ConnectionResetMidPieceIT {
    @BeforeAll
    static void needsNetnsAndToxiproxy() {
        NetnsFaultRun.assumeAvailable();
    }

    @Test
    void everyReceiverEndsVerifiedAfterResetsMidPiece() throws Exception {
        NetnsFaultRun.assertEveryoneVerified(NetnsFaultRun.run("reset-peer", "B/1", "1s", "2s", null));
    }
}
