package io.robber.cli.transfer;

import io.robber.api.Member;
import io.robber.cli.ExitCodes;
import io.robber.cli.VersionProvider;
import io.robber.rendezvous.control.Admission;
import io.robber.rendezvous.control.ControlChannel;
import io.robber.rendezvous.control.Coordinator;
import io.robber.rendezvous.control.CoordinatorEvents;
import io.robber.rendezvous.control.Registration;
import io.robber.rendezvous.Secret;
import io.robber.cli.convert.ByteSizes;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
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
    /** The coordinator's port when --listen gives none. */
    public static final int DEFAULT_PORT = 7800;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PATH", description = "The file or directory to push.")
    Path path;

    @Option(names = "--listen", required = true, paramLabel = "HOST[:PORT]",
            description = "Address the coordinator listens on for receivers (port default " + DEFAULT_PORT + "). "
                    + "The data channel uses the same host with --data-port.")
    String listen;

    @Option(names = "--expect", required = true, paramLabel = "N", description = "Number of receivers to wait for.")
    int expect;

    @Option(names = "--cluster", defaultValue = "default", paramLabel = "NAME",
            description = "The root's cluster (default: ${DEFAULT-VALUE}).")
    String cluster;

    @Option(names = "--id", paramLabel = "ID", description = "The root's member id (default: HOST:DATA-PORT).")
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
        InetSocketAddress control = Addresses.parse(listen, "--listen", null, DEFAULT_PORT);
        Reporter reporter = options.reporter(spec.commandLine().getErr(), "robber send");
        Secret secret = options.secret(reporter);
        String host = control.getHostString();
        int port = dataPort != 0 ? dataPort : Addresses.freePort(host, "--listen");
        Member self = Member.of(id != null ? id : Addresses.format(host, port), cluster, host, port);
        try (SourceData source = SourceData.open(path);
             MetricsExport metrics = MetricsExport.start(options.jmx, options.prometheus);
             Coordinator coordinator = Coordinator.listen(control, secret, "rendezvous", source.offer(), expect,
                     admission(self), events(reporter), ControlChannel.VERSION)) {
            reporter.info("waiting for " + RootTransfer.plural(expect, "receiver") + " on "
                    + Addresses.format(coordinator.address()) + " to push " + source.name() + " ("
                    + ByteSizes.format(source.size()) + "); start each with: robber receive --coordinator "
                    + Addresses.format(coordinator.address()) + " --cluster NAME --out DIR");
            RootTransfer.Settings settings = new RootTransfer.Settings(self, root.protocol, (int) root.pieceSize, options.wait,
                    options.timeout, options.failureTimeout, secret, registrations -> order(self, registrations));
            return SummaryOutput.run("sender", self.id(), options, spec.commandLine().getOut(),
                    () -> new RootTransfer(settings, source, coordinator, reporter, metrics.registry()).run());
        }
    }

    /** Root first, then the receivers by cluster and id: the same order whatever order they registered in. */
    static List<Member> order(Member root, List<Registration> registrations) {
        List<Member> members = new ArrayList<>();
        members.add(root);
        registrations.stream()
                .sorted(Comparator.comparing(Registration::cluster).thenComparing(Registration::id))
                .forEach(r -> members.add(Member.of(r.id(), r.cluster(), r.host(), r.port())));
        return members;
    }

    /** Distinct ids and data addresses, none of them the root's own. */
    static Admission admission(Member root) {
        return (candidate, accepted) -> {
            if (candidate.id().equals(root.id())) {
                return Optional.of("id '" + root.id() + "' is the sender's own: give the receiver another --id");
            }
            if (candidate.port() == root.address().getPort() && candidate.host().equals(root.address().getHostString())) {
                return Optional.of("data address " + Addresses.format(root.address()) + " is the sender's own: "
                        + "give the receiver another --listen port");
            }
            return Admission.DISTINCT.conflict(candidate, accepted);
        };
    }

    static CoordinatorEvents events(Reporter reporter) {
        return new CoordinatorEvents() {
            @Override
            public void info(String line) {
                reporter.info(line);
            }

            @Override
            public void warn(String line) {
                reporter.warn(line);
            }
        };
    }
}
