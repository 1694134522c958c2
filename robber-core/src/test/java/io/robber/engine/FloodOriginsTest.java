package io.robber.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.api.Member;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The flood filters work on whole member sets; they must say exactly what the per-member rules say. */
class FloodOriginsTest {
    @Test
    void aSetOfMembersIsFilteredAsEachMemberWouldBe() {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 50; round++) {
            int size = 2 + random.nextInt(120);
            Group group = group(size, 1 + random.nextInt(6));
            PeerGraph.Builder builder = new PeerGraph.Builder(size);
            for (int edge = 0; edge < size * 3; edge++) {
                int a = random.nextInt(size);
                int b = random.nextInt(size);
                if (a != b) {
                    builder.connect(a, b);
                }
            }
            PeerGraph graph = builder.build();
            FloodOrigins origins = new FloodOrigins(group, graph);
            for (int to = 0; to < size; to++) {
                for (int from : graph.neighbours(to)) {
                    assertFilteredAsEachMember(origins, from, to, randomSet(random, size));
                }
            }
        }
    }

    @Test
    void aNeighbourSpeaksForItselfAndNobodySpeaksForTheReceiver() {
        Group group = group(4, 1);
        PeerGraph graph = new PeerGraph.Builder(4).connect(0, 1).connect(0, 2).connect(1, 3).build();
        FloodOrigins origins = new FloodOrigins(group, graph);
        BitSet everyone = new BitSet();
        everyone.set(0, 4);

        BitSet told = origins.done(1, 0, everyone);

        assertThat(told.stream().toArray()).containsExactly(1, 3);
    }

    private static void assertFilteredAsEachMember(FloodOrigins origins, int from, int to, BitSet members) {
        BitSet before = (BitSet) members.clone();
        BitSet expected = new BitSet();
        members.stream().filter(m -> origins.mayTell(from, to, m)).forEach(expected::set);

        assertThat(origins.done(from, to, members)).isEqualTo(expected);
        assertThat(members).as("the argument is left alone").isEqualTo(before);
    }

    private static BitSet randomSet(SplittableRandom random, int size) {
        BitSet set = new BitSet();
        for (int m = 0; m < size; m++) {
            if (random.nextBoolean()) {
                set.set(m);
            }
        }
        return set;
    }

    private static Group group(int size, int clusters) {
        List<Member> members = new ArrayList<>();
        for (int m = 0; m < size; m++) {
            members.add(Member.of("m" + m, "c" + m % clusters, "127.0.0.1", 7000 + m));
        }
        return new Group(members);
    }
}
