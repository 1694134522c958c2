package io.robber.rendezvous;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.ProtocolException;
import java.io.IOException;
import java.nio.file.FileSystemException;
import org.junit.jupiter.api.Test;

class TransfersTest {
    @Test
    void enospcAnywhereInTheChainIsTheDiskFullLine() {
        IOException enospc = new IOException("No space left on device");
        ProtocolException fromEngine = new ProtocolException("cannot write piece 3 to storage: No space left on device; "
                + "check free space and permissions of the output");

        assertThat(Transfers.describe(new RuntimeException("wrapped", enospc), "/data"))
                .isEqualTo("disk full writing /data: free space or choose another --out");
        assertThat(Transfers.describe(fromEngine, "/data"))
                .isEqualTo("disk full writing /data: free space or choose another --out");
        assertThat(Transfers.isDiskFull(new FileSystemException("/data/x", null, "No space left on device"))).isTrue();
        assertThat(Transfers.isDiskFull(new IOException("Permission denied"))).isFalse();
    }
}
