package io.robber.rendezvous.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.rendezvous.TransferListener;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DropLogTest {
    private final List<String> lines = new ArrayList<>();
    private final TransferListener events = new TransferListener() {
        @Override
        public void info(String line) {
            lines.add(line);
        }

        @Override
        public void warn(String line) {
            lines.add(line);
        }
    };

    @Test
    void aThousandDropsMakeAFewLinesAndOneSum() {
        DropLog log = new DropLog(events, 0);
        for (int i = 0; i < 1000; i++) {
            log.dropped("127.0.3.1:" + (40000 + i), "closed the connection before registering", i * 1_000_000L);
        }
        log.tick(DropLog.PERIOD.toNanos());

        assertThat(lines).hasSize(DropLog.INDIVIDUAL + 1);
        assertThat(lines.get(DropLog.INDIVIDUAL)).startsWith("dropped 995 more connections")
                .contains("127.0.3.1:40999");
    }

    @Test
    void aQuietPeriodSaysNothingMore() {
        DropLog log = new DropLog(events, 0);
        log.dropped("127.0.0.1:1", "did not greet within 10 s", 0);
        log.tick(DropLog.PERIOD.toNanos() * 3);

        assertThat(lines).hasSize(1);
    }
}
