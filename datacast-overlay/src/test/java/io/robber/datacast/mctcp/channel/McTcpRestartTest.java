package io.robber.datacast.mctcp.channel;

import io.robber.testkit.MemberRestart;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 14, resume and rejoin ({@link MemberRestart}): an MCTCP member that crashes mid-transfer and
 * restarts on its partial copy within the failure timeout tells its tree parent what it misses and the
 * source what it holds, gets only the rest, and nobody is declared dead or evicted.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class McTcpRestartTest {
    @Test
    void aMemberRestartedOnItsPartialCopyRejoinsAndFetchesOnlyTheRest() throws Exception {
        MemberRestart.run("mctcp");
    }
}
