package io.robber.emulation.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.emulation.Backend;
import io.robber.emulation.runner.NodeResult;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The demo on both backends over unshaped connections: every node completes and the root's data reaches all. */
class DemoTest {
    private static final long SIZE = 1_000_000;

    @ParameterizedTest
    @EnumSource(value = Backend.class, names = {"INPROCESS", "VIRTUAL"})
    void twoClustersOfTwoCompleteOnEitherBackend(Backend backend) throws Exception {
        DemoResult result = new Demo(new Demo.Settings("robber", 2, 2, SIZE, 64 * 1024, 7, Duration.ofMinutes(2),
                null, backend)).run();

        assertThat(result.verified()).as(result.failureSummary()).isTrue();
        assertThat(result.nodes()).extracting(NodeResult::id).containsExactly("c0n0", "c0n1", "c1n0", "c1n1");
        assertThat(result.scenario()).isNull();
        long globalIntoC1 = 0;
        for (NodeResult node : result.nodes()) {
            assertThat(node.seconds()).as(node.id()).isNotNull();
            if (node.cluster().equals("c1")) {
                globalIntoC1 += node.bytesIn().global();
            }
        }
        // The non-root cluster pulls the data across clusters about once.
        assertThat(globalIntoC1).isBetween(SIZE, SIZE * 3 / 2);
    }
}
