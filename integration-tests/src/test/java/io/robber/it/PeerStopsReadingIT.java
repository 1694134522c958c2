package io.robber.it;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * B/1's WAN connections stop carrying data (Toxiproxy {@code timeout}: what is sent is dropped, nothing is read) for 5 s from 1 s into the transfer, then close: shorter than the failure timeout, so everyone ends with a verified copy.
 * Real {@code robber} processes in network namespaces ({@link NetnsFaultRun}); needs root and
 * Toxiproxy, skipped with the reason otherwise.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class PeerStopsReadingIT {
    @BeforeAll
    static void needsNetnsAndToxiproxy() {
        NetnsFaultRun.assumeAvailable();
    }

    @Test
    void everyReceiverEndsVerifiedAfterAPeerStoppedReadingFor5Seconds() throws Exception {
        NetnsFaultRun.assertEveryoneVerified(NetnsFaultRun.run("stop-reading", "B/1", "1s", "5s", null));
    }
}
