package io.robber.mob;

import io.robber.testkit.MemberRestart;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 14, resume and rejoin in the data plane ({@link MemberRestart}): a MOB member that crashes
 * mid-transfer and restarts on its partial copy within the failure timeout rejoins the running
 * operation and fetches only the rest; nobody is declared dead.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class MobRestartTest {
    @Test
    void aMemberRestartedOnItsPartialCopyRejoinsAndFetchesOnlyTheRest() throws Exception {
        MemberRestart.run("mob");
    }
}
