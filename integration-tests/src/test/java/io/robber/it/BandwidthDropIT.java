package io.robber.it;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The pair classes into and out of B fall to 1% of their 2 MB/s ({@code tc class change} on the hubs) for 10 s from 1 s into the transfer: everyone ends with a verified copy.
 * Real {@code robber} processes in network namespaces ({@link NetnsFaultRun}); needs root and
 * Toxiproxy, skipped with the reason otherwise.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class BandwidthDropIT {
    @BeforeAll
    static void needsNetnsAndToxiproxy() {
        NetnsFaultRun.assumeAvailable();
    }

    @Test
    void everyReceiverEndsVerifiedAfterTenSecondsAtOnePercent() throws Exception {
        NetnsFaultRun.assertEveryoneVerified(NetnsFaultRun.run("bandwidth-drop", "B/1", "1s", "10s", null));
    }
}
