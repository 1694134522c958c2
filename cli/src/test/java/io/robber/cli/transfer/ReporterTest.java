package io.robber.cli.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReporterTest {
    @Test
    void plainLinesWhenNotATerminalAndNothingWhenQuiet() {
        StringWriter err = new StringWriter();
        Reporter plain = new Reporter(new PrintWriter(err), "robber send", false, false, Duration.ofHours(1));
        plain.info("hello");
        plain.progress(50, 100, "1 of 2 receivers done");
        plain.progress(60, 100, "");
        plain.warn("careful");

        assertThat(err.toString().split("\n")).hasSize(3);
        assertThat(err.toString()).startsWith("robber send: hello\nrobber send:  50% 50 B of 100 B, ")
                .contains("B/s").contains(", 1 of 2 receivers done\n").endsWith("robber send: warning: careful\n");

        StringWriter quietErr = new StringWriter();
        Reporter quiet = new Reporter(new PrintWriter(quietErr), "robber send", true, false, Duration.ZERO);
        quiet.info("hello");
        quiet.progress(1, 2, "");
        quiet.warn("careful");
        assertThat(quietErr.toString()).isEqualTo("robber send: warning: careful\n");
    }

    @Test
    void aTerminalGetsABarRedrawnInPlace() {
        StringWriter err = new StringWriter();
        Reporter tty = new Reporter(new PrintWriter(err), "robber receive", false, true, Duration.ofSeconds(5));
        tty.progress(25, 100, "");
        tty.info("a line");

        assertThat(err.toString()).startsWith("\r\033[K[######------------------]  25% 25 B of 100 B")
                .endsWith("\r\033[Krobber receive: a line\n");
    }

    @Test
    void durationsAreShort() {
        assertThat(Reporter.duration(5)).isEqualTo("5s");
        assertThat(Reporter.duration(125)).isEqualTo("2m05s");
        assertThat(Reporter.duration(7322)).isEqualTo("2h02m");
    }
}
