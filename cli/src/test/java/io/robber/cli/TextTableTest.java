package io.robber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextTableTest {

    @Test
    void alignsColumnsToTheirWidestCell() {
        String table = new TextTable().left("node").right("MB/s").left("ok")
                .row("c0n0", "-", "yes")
                .row("c10n10", 123.4, "no")
                .render();
        assertThat(table).isEqualTo(
                "node     MB/s  ok\n"
                + "c0n0        -  yes\n"
                + "c10n10  123.4  no\n");
    }
}
