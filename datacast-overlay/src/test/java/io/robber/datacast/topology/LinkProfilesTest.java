package io.robber.datacast.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LinkProfilesTest {
    @Test
    void scalingToARateKeepsEveryLinksRatioAndShrinksDelaysAsRatesGrow() {
        LinkProfiles paper = LinkProfiles.DEFAULT.with("00", "<0,0>", new LinkProfile(500_000_000L, 20_000, 7));

        LinkProfiles scaled = paper.scaledTo(10_000_000L);

        assertThat(scaled.standard()).isEqualTo(new LinkProfile(10_000_000L, 500_000, 100));
        assertThat(scaled.overrides()).containsExactly(
                new LinkProfiles.LinkOverride("00", "<0,0>", new LinkProfile(5_000_000L, 2_000_000, 7)));
        assertThat(paper.scaledTo(1_000_000_000L)).isEqualTo(paper);
    }

    @Test
    void aTimeScaleMustBePositive() {
        assertThatThrownBy(() -> LinkProfile.DEFAULT.timeScaled(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("positive");
    }
}
