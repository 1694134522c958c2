package io.robber.datacast.rdcm.channel;

import io.robber.testkit.MemberRestart;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 14, resume and rejoin ({@link MemberRestart}): an RDCM member that crashes mid-transfer and
 * restarts on its partial copy within the failure timeout tells its tree parent what it misses, gets
 * only that, and nobody is declared dead.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class RdcmRestartTest {
    @Test
    void aMemberRestartedOnItsPartialCopyRejoinsAndFetchesOnlyTheRest() throws Exception {
        MemberRestart.run("rdcm");
    }
}
