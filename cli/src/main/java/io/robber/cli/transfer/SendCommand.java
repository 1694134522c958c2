package io.robber.cli.transfer;

import io.robber.cli.ExitCodes;
import io.robber.cli.VersionProvider;
import io.robber.cli.convert.DurationConverter;
import io.robber.rendezvous.Addresses;
import io.robber.rendezvous.Secret;
import io.robber.security.TlsIdentity;
import io.robber.rendezvous.Sender;
import io.robber.rendezvous.Units;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code robber send PATH --listen HOST:PORT --expect N}: the root, and coordinator of the receivers. */
@Command(name = "send",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
            "Pushes a file or a directory to N receivers. This process is the root of the transfer and its "
                    + "coordinator: it listens on --listen until N receivers ('robber receive --coordinator HOST:PORT') "
                    + "have registered, fixes the group (root first, then receivers by cluster and id), hands everyone "
                    + "the manifest and serves the data until every receiver holds a verified copy.",
            "Receivers write under temporary names and move the data into place only once it is verified."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCodes.OK + ":every receiver holds a verified copy",
            ExitCodes.FAILED + ":the transfer failed for at least one receiver (named on stderr)",
            ExitCodes.USAGE + ":usage or configuration error"})
public final class SendCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PATH", description = "The file or directory to push.")
    Path path;

    @Option(names = "--listen", required = true, paramLabel = "HOST[:PORT]",
            description = "Address the coordinator listens on for receivers (port default " + Sender.DEFAULT_PORT + "). "
                    + "The data channel uses the same host with --data-port.")
    String listen;

    @Option(names = "--expect", required = true, paramLabel = "N", description = "Number of receivers to wait for.")
    int expect;

    @Option(names = "--start-after", paramLabel = "DURATION", converter = DurationConverter.OrZero.class,
            description = "Start this long after listening (0s: as soon as --min-receivers are there) without every "
                    + "expected receiver, if at least --min-receivers (default 1) have registered; the others join the running transfer as they register, in waves the "
                    + "root serves beside the first group (default: wait for all of --expect).")
    Duration startAfter;

    @Option(names = "--min-receivers", paramLabel = "N",
            description = "Receivers that must be there to start without all of --expect: at --start-after, or else "
                    + "when --wait runs out, instead of failing; the others join late (default: 1 with --start-after, "
                    + "otherwise all).")
    Integer minReceivers;

    @Option(names = "--cluster", defaultValue = "default", paramLabel = "NAME",
            description = "The root's cluster (default: ${DEFAULT-VALUE}).")
    String cluster;

    @Option(names = "--id", paramLabel = "ID", description = "The root's member id (default: the name of its --tls-cert, else HOST:DATA-PORT).")
    String id;

    @Option(names = "--data-port", defaultValue = "0", paramLabel = "PORT",
            description = "Port of the root's data channel on the --listen host (default: a free port).")
    int dataPort;

    @Mixin
    RootOptions root;

    @Mixin
    TransferOptions options;

    @Override
    public Integer call() throws Exception {
        root.check(spec);
        if (dataPort < 0 || dataPort > 65535) {
            throw new ParameterException(spec.commandLine(), "--data-port must be between 1 and 65535, got " + dataPort);
        }
        if (expect < 1) {
            throw new ParameterException(spec.commandLine(), "--expect must be at least 1, got "
                    + expect);
        }
        if (minReceivers != null && (minReceivers < 1 || minReceivers > expect)) {
            throw new ParameterException(spec.commandLine(), "--min-receivers must be between 1 and --expect (" + expect
                    + "), got " + minReceivers);
        }
        if (startAfter != null && startAfter.compareTo(options.wait) > 0) {
            throw new ParameterException(spec.commandLine(), "--start-after must not be longer than --wait ("
                    + Units.duration(options.wait) + "): the sender would give up before it starts");
        }
        InetSocketAddress control = Addresses.parse(listen, "--listen", null, Sender.DEFAULT_PORT);
        Reporter reporter = options.reporter(spec.commandLine().getErr(), "robber send");
        Secret secret = options.secret(reporter);
        TlsIdentity tls = options.tls();
        try (MetricsExport metrics = MetricsExport.start(options.jmx, options.prometheus)) {
            Sender sender = root.applyTo(Sender.push(path)).listen(control).expect(expect).cluster(cluster).id(id)
                    .dataPort(dataPort).secret(secret).tls(tls).waitFor(options.wait)
                    .timeout(options.timeout).failureTimeout(options.failureTimeout)
                    .maxRate(options.maxRate).startAfter(startAfter).listener(metrics.progress(reporter))
                    .meters(metrics.registry());
            if (minReceivers != null) {
                sender.minReceivers(minReceivers);
            }
            return SummaryOutput.run("sender", id, options, spec.commandLine().getOut(), sender::run);
        }
    }
}
