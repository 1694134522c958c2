package io.robber.cli.bench;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.robber.cli.ExitCodes;
import io.robber.cli.TextTable;
import io.robber.cli.VersionProvider;
import io.robber.emulation.inprocess.ShapingCheck;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code robber shaping}: how precisely the in-process WAN emulator keeps rates and delays on this machine. */
@Command(name = "shaping",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Measures the in-process WAN emulator on raw TCP flows over loopback (about 12 s): one flow on a "
                    + "1 MB/s link, two flows sharing it, the one-way delay of small frames on a 20 ms link and a "
                    + "300 kB file region crossing a 1 MB/s link; prints each against the configured value.",
            "Run it on an otherwise idle machine: a busy one delays the emulator's timers."})
public final class ShapingCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        EventLoopGroup loops = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        try {
            TextTable table = new TextTable().left("measurement").right("configured").right("measured")
                    .left("unit").right("error");
            for (ShapingCheck.Measurement m : new ShapingCheck(loops).run(Path.of(System.getProperty("java.io.tmpdir")))) {
                table.row(m.name(), format(m.expected()), format(m.measured()), m.unit(),
                        String.format(Locale.ROOT, "%+.1f%%", m.errorPercent()));
            }
            PrintWriter out = spec.commandLine().getOut();
            out.print(table.render());
            out.flush();
            return ExitCodes.OK;
        } finally {
            loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
