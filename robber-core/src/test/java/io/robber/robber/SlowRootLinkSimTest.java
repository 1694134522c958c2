package io.robber.robber;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.sim.LinkModel;
import io.robber.sim.SimData;
import io.robber.sim.SimNetwork;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A cluster whose only early source is the root over a slow link, with large pieces (as tc1-slow's D
 * with 1 MiB pieces): before the root's link is measured its members ask for one piece each, not R,
 * so most of the data is still to be asked for when a faster cluster holds it.
 */
class SlowRootLinkSimTest {
    private static final int PIECES = 16;

    @ParameterizedTest
    @ValueSource(longs = {3, 7, 11})
    void membersQueuedAtASlowRootTakePiecesFromAFasterClusterOnceItHoldsThem(long seed) {
        Group group = SimData.clusters(4, 4, 4);
        int slowCluster = 2;
        LinkModel links = LinkModel.clustered(group, 125e6, 50_000, 1e6, 10_000_000)
                .scaledBy((a, b) -> group.clusterIndex(a) == 0 && group.clusterIndex(b) == slowCluster ? 0.1 : 1.0);
        AtomicInteger fromOtherCluster = new AtomicInteger();
        SimNetwork.builder(group, new RobberProtocol())
                .options(ProtocolOptions.defaults(2))
                .pieces(PIECES, 1 << 20)
                .possession(SimData.roots(PIECES, 0))
                .links(links)
                .trace((nanos, from, to, piece) -> {
                    if (group.clusterIndex(to) == slowCluster && group.clusterIndex(from) == 1) {
                        fromOtherCluster.incrementAndGet();
                    }
                })
                .seed(seed)
                .run()
                .assertAllComplete();

        // Regression: with R pieces asked of every unmeasured peer, two of these seeds failed; at seed 11, 6 of
        // the 16 came from cluster 1 and the rest over the root's link.
        assertThat(fromOtherCluster.get()).as("pieces cluster %d took from cluster 1", slowCluster)
                .isGreaterThan(PIECES / 2);
    }
}
