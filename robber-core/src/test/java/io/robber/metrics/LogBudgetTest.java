package io.robber.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LogBudgetTest {
    private static final long SECOND = 1_000_000_000L;
    private final List<String> summaries = new ArrayList<>();
    private final LogBudget budget = new LogBudget(3, Duration.ofSeconds(10));

    private void summarize(long count, Duration window) {
        summaries.add(count + " in " + window.toSeconds() + " s");
    }

    @Test
    void theFirstOfAWindowAreLoggedAndTheRestSummedUpWhenItIsOver() {
        int logged = 0;
        for (int i = 0; i < 100; i++) {
            if (budget.take(i * 10_000_000L, this::summarize)) {
                logged++;
            }
        }
        assertThat(logged).isEqualTo(3);
        assertThat(summaries).isEmpty();

        assertThat(budget.take(12 * SECOND, this::summarize)).isTrue();
        assertThat(summaries).containsExactly("97 in 12 s");
    }

    @Test
    void theLastIndividualLineIsKnown() {
        budget.take(0, this::summarize);
        budget.take(0, this::summarize);
        assertThat(budget.exhausted()).isFalse();
        budget.take(0, this::summarize);
        assertThat(budget.exhausted()).isTrue();
    }

    @Test
    void aWindowWithNothingUnloggedSaysNothing() {
        budget.take(0, this::summarize);
        budget.roll(30 * SECOND, this::summarize);
        budget.roll(60 * SECOND, this::summarize);
        assertThat(summaries).isEmpty();
    }

    @Test
    void aBudgetOfNothingIsRefused() {
        assertThatThrownBy(() -> new LogBudget(0, Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LogBudget(1, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
    }
}
