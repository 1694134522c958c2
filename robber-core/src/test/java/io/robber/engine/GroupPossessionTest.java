package io.robber.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.sim.SimData;
import io.robber.sim.SimNetwork;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ProtocolEngine#onGroupPossession}: once the possession flood is complete, every engine is told
 * once what every member held at the start, after its collective's part.
 */
class GroupPossessionTest {
    private static final int PIECES = 24;

    @Test
    void everyEngineIsToldOnceWhatEveryMemberHeld() {
        WantPushProtocol protocol = new WantPushProtocol();
        Group group = SimData.clusters(3, 2, 2);
        SimNetwork.builder(group, protocol)
                .pieces(PIECES, 4096)
                .possession(SimData.roots(PIECES, 0))
                .build()
                .run()
                .assertAllComplete();

        BitSet all = new BitSet();
        all.set(0, PIECES);
        assertThat(protocol.groupPossessions).hasSize(group.size());
        for (int m = 0; m < group.size(); m++) {
            assertThat(protocol.groupPossessions.get(m)).as("member %d", m).hasSize(1);
            List<BitSet> possessions = protocol.groupPossessions.get(m).get(0);
            assertThat(possessions).hasSize(group.size());
            assertThat(possessions.get(0)).isEqualTo(all);
            for (int other = 1; other < group.size(); other++) {
                assertThat(possessions.get(other).isEmpty()).as("member %d told of %d", m, other).isTrue();
            }
            assertThat(protocol.collectiveFirst.get(m)).as("member %d heard of its collective first", m).isTrue();
        }
    }
}
