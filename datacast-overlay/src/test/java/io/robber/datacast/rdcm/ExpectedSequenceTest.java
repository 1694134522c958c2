package io.robber.datacast.rdcm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** §3.5 at a receiver: h = m + w, a loss on the tree cutting the window once a window, reports to the sender. */
class ExpectedSequenceTest {
    @Test
    void theReceiverExpectsAWindowPastTheHighestPacketAndReportsWhenThatMovedAQuarterWindow() {
        ExpectedSequence expected = new ExpectedSequence();
        assertThat(expected.expected()).isEqualTo(ExpectedSequence.initial());
        int reports = 0;
        for (int sequence = 0; sequence < 100; sequence++) {
            if (expected.onTreeData(sequence)) {
                reports++;
            }
        }
        assertThat(expected.window()).as("slow start: a packet per packet").isEqualTo(110);
        assertThat(expected.expected()).isEqualTo(100 + 110);
        assertThat(reports).as("h grows two per packet, a report each quarter window").isBetween(5, 40);
        assertThat(expected.onTreeData(50)).as("an old packet again changes nothing").isFalse();
    }

    @Test
    void aGapOnTheTreeCutsTheWindowOnceAWindowAndIsReportedAtOnce() {
        ExpectedSequence expected = new ExpectedSequence();
        for (int sequence = 0; sequence < 100; sequence++) {
            expected.onTreeData(sequence);
        }
        int before = expected.window();
        assertThat(expected.onTreeData(102)).as("h fell: told at once").isTrue();
        int cut = expected.window();
        assertThat(cut).isLessThan(before);
        expected.onTreeData(105);
        assertThat(expected.window()).as("the same round's losses cut once").isGreaterThanOrEqualTo(cut);
        for (int sequence = 106; sequence < 106 + 2 * before; sequence++) {
            expected.onTreeData(sequence);
        }
        int grown = expected.window();
        expected.onTreeData(106 + 2 * before + 1);
        assertThat(expected.window()).as("a later loss cuts again").isLessThan(grown);
    }

    @Test
    void aProbePastTheLastReportIsAnsweredAtOnce() {
        ExpectedSequence expected = new ExpectedSequence();
        int last = ExpectedSequence.initial();
        for (int sequence = 0; sequence < 40; sequence++) {
            if (expected.onTreeData(sequence)) {
                last = expected.expected();
            }
        }
        int from = 40;
        while (!expected.onTreeData(from)) {
            from++;
        }
        assertThat(from).as("reports come at least every quarter window").isLessThan(last);
        int next = expected.expected();
        assertThat(expected.onTreeData(next)).as("the sender sent past what it was told: a report was lost").isTrue();
    }
}
