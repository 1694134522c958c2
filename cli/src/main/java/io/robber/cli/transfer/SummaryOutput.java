package io.robber.cli.transfer;

import io.robber.cli.CliFailure;
import io.robber.cli.TextTable;
import io.robber.cli.convert.ByteSizes;
import io.robber.rendezvous.RendezvousException;
import io.robber.rendezvous.TransferSummary;
import io.robber.rendezvous.control.NodeReport;
import java.io.PrintWriter;
import java.util.Locale;

/** Prints a transfer's outcome: a JSON object with {@code --json}, else a short text; turns failure into the exit code. */
final class SummaryOutput {
    private SummaryOutput() {
    }

    /** What a command does once its options are checked: the transfer, ending in a summary. */
    @FunctionalInterface
    interface Transfer {
        TransferSummary run() throws Exception;
    }

    /**
     * Runs a transfer and prints its outcome. With {@code --json} a failure that ends the command early
     * (unreachable coordinator, wrong secret, disk full...) still prints one object, with {@code error}.
     */
    static int run(String role, String id, TransferOptions options, PrintWriter out, Transfer transfer)
            throws Exception {
        TransferSummary summary;
        try {
            summary = transfer.run();
        } catch (CliFailure | RendezvousException failure) {
            if (options.json) {
                json(out, new TransferSummary(role, id, null, null, null, 0, 0, null, 0, 0, false, null, null, null,
                        failure.getMessage()));
            }
            throw failure;
        }
        return finish(summary, options, out);
    }

    static int finish(TransferSummary summary, TransferOptions options, PrintWriter out) {
        if (options.json) {
            json(out, summary);
        } else if (!options.quiet) {
            out.print(text(summary));
            out.flush();
        }
        if (summary.error() != null) {
            throw CliFailure.failed(summary.error(), null);
        }
        return io.robber.cli.ExitCodes.OK;
    }

    /** The {@code --json} summary, written by the rendezvous itself: a push's processes need no data binding. */
    private static void json(PrintWriter out, TransferSummary summary) {
        out.println(summary.json());
        out.flush();
    }

    static String text(TransferSummary s) {
        StringBuilder text = new StringBuilder();
        if ("sender".equals(s.role())) {
            int receivers = s.nodes().size() - 1;
            text.append(String.format(Locale.ROOT, "%s %s (%s) to %d receiver%s with %s in %.2f s (%.1f MB/s): %s%n",
                    s.verified() ? "pushed" : "FAILED to push", s.name(), ByteSizes.format(s.bytes()), receivers,
                    receivers == 1 ? "" : "s", s.protocol(), s.seconds(), s.throughputMBps(),
                    s.verified() ? "every copy verified" : s.failed().size() + " failed"));
            text.append("sha256 ").append(s.sha256()).append('\n');
            TextTable table = new TextTable().left("node").left("cluster").right("seconds").left("verified")
                    .right("in local").right("in global").right("out local").right("out global");
            for (NodeReport n : s.nodes()) {
                table.row(n.id(), n.cluster(), n.seconds() == null ? "-" : String.format(Locale.ROOT, "%.2f", n.seconds()),
                        n.verified() ? "yes" : "NO", bytes(n.bytesIn(), true), bytes(n.bytesIn(), false),
                        bytes(n.bytesOut(), true), bytes(n.bytesOut(), false));
            }
            text.append(table.render());
        } else {
            text.append(String.format(Locale.ROOT, "received %s (%s) in %.2f s (%.1f MB/s), sha256 %s verified%n",
                    s.output(), ByteSizes.format(s.bytes()), s.seconds(), s.throughputMBps(), s.sha256()));
        }
        return text.toString();
    }

    private static String bytes(NodeReport.Traffic t, boolean local) {
        return t == null ? "-" : ByteSizes.format(local ? t.local() : t.global());
    }
}
