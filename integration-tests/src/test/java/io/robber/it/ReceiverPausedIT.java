package io.robber.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * B/1 is frozen (SIGSTOP) 1 s into the transfer and resumed (SIGCONT) 60 s later, with a failure
 * timeout of 5 s. README's failure semantics for a frozen receiver: its neighbours declare it dead
 * after the failure timeout, the others end with verified copies, the root fails naming it; and,
 * once resumed, it does not hang. Real {@code robber} processes in network namespaces
 * ({@link NetnsFaultRun}); needs root and Toxiproxy, skipped with the reason otherwise.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ReceiverPausedIT {
    @BeforeAll
    static void needsNetnsAndToxiproxy() {
        NetnsFaultRun.assumeAvailable();
    }

    @Test
    void survivorsEndVerifiedAndTheRootNamesTheFrozenReceiver() throws Exception {
        NetnsFaultRun.Outcome o = NetnsFaultRun.run("pause", "B/1", "1s", "60s", Duration.ofSeconds(5));
        NetnsFaultRun.assertPromisedOutcome(o);
        assertThat(o.rootExit()).as("root; it said:%n%s", o.rootSaid()).isEqualTo(1);
        assertThat(o.rootSaid()).contains("B1");
        for (String survivor : new String[] {"A1", "B0"}) {
            assertThat(o.receivers().get(survivor).exit()).as(survivor).isZero();
            assertThat(o.receivers().get(survivor).sha256()).as(survivor).contains(o.dataSha256());
        }
    }
}
