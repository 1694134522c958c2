package io.robber.datacast.mctcp;

import io.robber.datacast.background.BackgroundTraffic;
import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.background.FlowSizes;
import io.robber.datacast.topology.Fattree;
import io.robber.datacast.topology.LeafSpine;
import io.robber.datacast.topology.LinkProfile;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The Figs. 11–12 benchmark's setup; its numbers are measured by running it, not here. */
class RoutingSweepBenchmarkTest {
    @Test
    void groupsAreDisjointOddHostsOverThreeRacksAndEveryRackHasBothHalves() {
        for (Network network : List.of(Fattree.of(4, 3, LinkProfiles.DEFAULT).network(),
                LeafSpine.of(4, 8, 4, LinkProfiles.DEFAULT).network())) {
            int[] hosts = BackgroundTraffic.serversByRack(network);
            assertThat(hosts).hasSize(network.servers().size()).doesNotHaveDuplicates();
            for (int i = 0; i + 1 < hosts.length; i += 2) {
                assertThat(BackgroundTraffic.rack(network, hosts[i])).as("hosts %d and %d share a rack", i, i + 1)
                        .isEqualTo(BackgroundTraffic.rack(network, hosts[i + 1]));
            }
            int count = network.servers().size() / 8;
            List<int[]> groups = RoutingSweepBenchmark.groups(network, hosts, count, new SplittableRandom(7));
            assertThat(groups).hasSize(count);
            Set<Integer> odd = new HashSet<>();
            IntStream.range(0, hosts.length).filter(i -> i % 2 == 1).forEach(i -> odd.add(hosts[i]));
            Set<Integer> seen = new HashSet<>();
            for (int[] group : groups) {
                assertThat(group).hasSize(4);
                assertThat(IntStream.of(group).boxed().toList()).allMatch(odd::contains).allMatch(seen::add);
                assertThat(IntStream.of(group).map(h -> BackgroundTraffic.rack(network, h)).distinct().count()).isGreaterThanOrEqualTo(3);
            }
        }
    }

    /** A short run of each scheme under load: the groups move data, at most at their links' rate. */
    @Test
    void aShortRunMeasuresEachSchemesThroughput() {
        Network network = Fattree.of(4, 3, LinkProfiles.uniform(
                new LinkProfile(100_000_000L, 5_000L, 100))).network();
        for (RoutingSettings settings : List.of(RoutingSettings.DEFAULT.withAdjust(false), RoutingSettings.DEFAULT)) {
            double mbps = RoutingSweepBenchmark.run(network, 2, FlowSizes.WEB_SEARCH, 0.5,
                    settings.withInterval(500_000_000L), 2_000_000_000L, 3);
            assertThat(mbps).isBetween(1.0, 100.0);
        }
    }
}
