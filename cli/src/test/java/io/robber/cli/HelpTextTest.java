package io.robber.cli;

import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Picocli formats every description with {@link String#format}: an unescaped {@code %} makes it print a
 * warning at the top of {@code --help} and show the raw text. Every line of every command's help must format.
 */
class HelpTextTest {

    static List<Object[]> helpLines() {
        List<Object[]> lines = new ArrayList<>();
        collect(RobberCli.commandLine(), lines);
        return lines;
    }

    private static void collect(CommandLine command, List<Object[]> lines) {
        CommandSpec spec = command.getCommandSpec();
        String name = spec.qualifiedName();
        add(lines, name, spec.usageMessage().description());
        add(lines, name, spec.usageMessage().header());
        add(lines, name, spec.usageMessage().footer());
        for (ArgSpec arg : spec.args()) {
            add(lines, name + " " + arg.paramLabel(), arg.description());
        }
        command.getSubcommands().values().forEach(sub -> collect(sub, lines));
    }

    private static void add(List<Object[]> lines, String where, String[] texts) {
        for (String text : texts) {
            lines.add(new Object[] {where, text});
        }
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("helpLines")
    void everyHelpLineFormats(String where, String text) {
        assertThatCode(() -> String.format(Locale.ROOT, text)).as(where).doesNotThrowAnyException();
    }
}
