package io.robber.it;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * B/1's interface goes down ({@code ip link set eth0 down}) for 3 s from 1 s into the transfer, then up again: its connections come back within the failure timeout and everyone ends with a verified copy.
 * Real {@code robber} processes in network namespaces ({@link NetnsFaultRun}); needs root and
 * Toxiproxy, skipped with the reason otherwise.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class LinkDownAndUpIT {
    @BeforeAll
    static void needsNetnsAndToxiproxy() {
        NetnsFaultRun.assumeAvailable();
    }

    @Test
    void everyReceiverEndsVerifiedAfterTheLinkComesBack() throws Exception {
        NetnsFaultRun.assertEveryoneVerified(NetnsFaultRun.run("link-down", "B/1", "1s", "3s", null));
    }
}
