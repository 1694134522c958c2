package io.robber.it;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * B/1's WAN connections (and every one B opens) get 500 ms more one-way delay (a Toxiproxy {@code latency} toxic on top of the model's) for 3 s from 1 s into the transfer: everyone ends with a verified copy.
 * Real {@code robber} processes in network namespaces ({@link NetnsFaultRun}); needs root and
 * Toxiproxy, skipped with the reason otherwise.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class LatencySpikeIT {
    @BeforeAll
    static void needsNetnsAndToxiproxy() {
        NetnsFaultRun.assumeAvailable();
    }

    @Test
    void everyReceiverEndsVerifiedThroughA500MillisecondSpike() throws Exception {
        NetnsFaultRun.assertEveryoneVerified(NetnsFaultRun.run("latency-spike", "B/1", "1s", "3s", null));
    }
}
