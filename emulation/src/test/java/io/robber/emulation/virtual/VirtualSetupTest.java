package io.robber.emulation.virtual;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The trace tools' command lines: protocol options apart from the positional arguments, and into the run. */
class VirtualSetupTest {
    private static final String[] COMMAND_LINE = {"tc4-4x16", "42", "exchange.window-target=100ms", "0.25",
            "by-source", "exchange.window-max=12"};

    @Test
    void keyValueArgumentsAreProtocolOptionsAndTheRestKeepTheirOrder() {
        assertThat(VirtualSetup.options(COMMAND_LINE))
                .containsExactly(Map.entry("exchange.window-max", "12"), Map.entry("exchange.window-target", "100ms"));
        assertThat(VirtualSetup.positional(COMMAND_LINE)).containsExactly("tc4-4x16", "42", "0.25", "by-source");
    }

    @Test
    void anArgumentThatStartsWithTheSignIsPositional() {
        String[] commandLine = {"tc1-fast", "=x"};

        assertThat(VirtualSetup.options(commandLine)).isEmpty();
        assertThat(VirtualSetup.positional(commandLine)).containsExactly("tc1-fast", "=x");
    }

    @Test
    void theOptionsReachTheRunsProtocolOptions() {
        VirtualSetup setup = VirtualSetup.of("tc1-fast", 7, Map.of("exchange.window-target", "100ms"));

        assertThat(setup.settings().options()).containsEntry("exchange.window-target", "100ms");
        assertThat(setup.settings().protocolOptions(setup.network()).extra())
                .containsEntry("exchange.window-target", "100ms");
        assertThat(setup.settings().seed()).isEqualTo(7);
    }
}
