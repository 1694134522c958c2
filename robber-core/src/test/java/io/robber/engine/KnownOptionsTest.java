package io.robber.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.exchange.ExchangeTuning;
import io.robber.robber.RobberProtocol;
import io.robber.sim.SimData;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A key of {@link ProtocolOptions#extra()} that no protocol on the class path reads is refused, naming
 * it and what exists; here the class path holds robber (which reads {@code exchange.}) and the test's
 * want-push (no options).
 */
class KnownOptionsTest {
    private static final OptionNames STUB = new OptionNames("stub", "stub.", Set.of("depth"));
    private static final OptionNames ALONE = new OptionNames("stub", "", Set.of("map-file"));

    @Test
    void aKeyUnderNoProtocolsPrefixNamesThePrefixesThatExist() {
        assertThatThrownBy(() -> KnownOptions.onClassPath().check(Map.of("robber.nonsense", "1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown option robber.nonsense: no protocol on the class path takes options under "
                        + "'robber.'; known prefixes: exchange.");
        assertThatThrownBy(() -> KnownOptions.onClassPath().and(List.of(STUB, ALONE)).check(Map.of("nonsense", "1")))
                .hasMessage("unknown option nonsense: no protocol on the class path takes it; known prefixes: "
                        + "exchange., stub.; options without a prefix: map-file");
    }

    @Test
    void aMisspeltKeyUnderAKnownPrefixNamesTheKeysThere() {
        assertThatThrownBy(() -> KnownOptions.onClassPath().check(Map.of("exchange.window-maxx", "9")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown option exchange.window-maxx; the piece exchange knows [exchange.have-interval, "
                        + "exchange.window-max, exchange.window-target, exchange.window-weight]");
    }

    @Test
    void everyDeclaredKeyPasses() {
        assertThatCode(() -> KnownOptions.onClassPath().and(List.of(STUB, ALONE)).check(Map.of(
                "exchange.window-max", "9", "stub.depth", "2", "map-file", "m.json"))).doesNotThrowAnyException();
    }

    @Test
    void keysWithoutAPrefixAreKnownExactlyAndClaimNoOthers() {
        assertThat(ALONE.knows("map-file")).isTrue();
        assertThat(ALONE.knows("map-files")).isFalse();
        assertThat(ALONE.covers("map-files")).isFalse();
        assertThat(STUB.covers("stub.width")).isTrue();
        assertThatCode(() -> StringOptions.under(ProtocolOptions.defaults(1).with("stub.depth", "2"), ALONE))
                .doesNotThrowAnyException();
    }

    @Test
    void planningRefusesAKeyNoProtocolReadsAndKnowsThePlannedProtocolsOwn() {
        Group group = SimData.clusters(2, 2);
        ProtocolOptions stray = ProtocolOptions.defaults(1).with("robber.nonsense", "1");
        assertThatThrownBy(() -> Protocols.plan(new RobberProtocol(), group, stray))
                .hasMessageStartingWith("unknown option robber.nonsense: no protocol on the class path");

        Protocol notOnTheClassPath = new Protocol() {
            @Override
            public String name() {
                return "stub";
            }

            @Override
            public ProtocolPlan plan(Group g, ProtocolOptions options) {
                return new RobberProtocol().plan(g, options);
            }

            @Override
            public List<OptionNames> optionNames() {
                return List.of(STUB, ExchangeTuning.OPTIONS);
            }
        };
        assertThat(Protocols.plan(notOnTheClassPath, group, ProtocolOptions.defaults(1).with("stub.depth", "2"))
                .graph()).isNotNull();
    }
}
