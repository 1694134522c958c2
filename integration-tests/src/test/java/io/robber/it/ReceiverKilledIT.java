package io.robber.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * B/1's process is killed (SIGKILL) 1 s into the transfer: the others end with verified copies,
 * the root fails naming B1, and B1 has nothing under the final name. Real {@code robber} processes
 * in network namespaces ({@link NetnsFaultRun}); needs root and Toxiproxy, skipped with the reason
 * otherwise.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ReceiverKilledIT {
    @BeforeAll
    static void needsNetnsAndToxiproxy() {
        NetnsFaultRun.assumeAvailable();
    }

    @Test
    void survivorsEndVerifiedAndTheRootNamesTheKilledReceiver() throws Exception {
        NetnsFaultRun.Outcome o = NetnsFaultRun.run("kill", "B/1", "1s", "0s", null);
        NetnsFaultRun.assertPromisedOutcome(o);
        assertThat(o.receivers().get("B1").exit()).isNotZero();
        assertThat(o.receivers().get("B1").sha256()).isEqualTo(Optional.empty());
        assertThat(o.rootExit()).isEqualTo(1);
        assertThat(o.rootSaid()).contains("B1");
        for (String survivor : new String[] {"A1", "B0"}) {
            assertThat(o.receivers().get(survivor).sha256()).as(survivor).contains(o.dataSha256());
        }
    }
}
