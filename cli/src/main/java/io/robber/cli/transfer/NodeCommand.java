package io.robber.cli.transfer;

import io.robber.api.Member;
import io.robber.cli.CliFailure;
import io.robber.cli.ExitCodes;
import io.robber.cli.VersionProvider;
import io.robber.rendezvous.control.ControlChannel;
import io.robber.rendezvous.control.Coordinator;
import io.robber.rendezvous.control.CoordinatorClient;
import io.robber.rendezvous.Secret;
import io.robber.cli.convert.ByteSizes;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code robber node --group FILE --self ID [PATH]}: one member of a fixed deployment. */
@Command(name = "node",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
            "Runs one member of a static group listed in a JSON or YAML file (members with id, cluster and address, "
                    + "in group order). Every member runs 'robber node --group FILE --self ID --out DIR'; the root also "
                    + "names the PATH to push and coordinates: it listens on its control address (its data port + 1 "
                    + "unless the file gives 'control') until every other member has registered."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCodes.OK + ":success (root: every member holds a verified copy)",
            ExitCodes.FAILED + ":the transfer failed",
            ExitCodes.USAGE + ":usage or configuration error"})
public final class NodeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "PATH",
            description = "On the root only: the file or directory to push.")
    Path path;

    @Option(names = "--group", required = true, paramLabel = "FILE", description = "The group file (.json, .yaml or .yml).")
    Path groupFile;

    @Option(names = "--self", required = true, paramLabel = "ID", description = "This node's id in the group file.")
    String self;

    @Option(names = "--out", paramLabel = "DIR", description = "Directory to put the data set in (not on the root).")
    Path out;

    @Option(names = "--overwrite", description = "Replace an existing file or directory of the same name in --out.")
    boolean overwrite;

    @Mixin
    RootOptions root;

    @Mixin
    TransferOptions options;

    @Override
    public Integer call() throws Exception {
        if (path != null) {
            root.check(spec);
        } else if (out == null) {
            throw new ParameterException(spec.commandLine(), "--out DIR is required on every node but the root "
                    + "(the root names the PATH to push)");
        }
        GroupFile group = GroupFile.read(groupFile);
        GroupFile.Entry me = group.entry(self);
        if (group.entries().size() < 2) {
            throw CliFailure.configuration("group file " + groupFile + " lists only " + self + ": add the receivers");
        }
        String name = "robber node " + self;
        Reporter reporter = options.reporter(spec.commandLine().getErr(), name);
        Secret secret = options.secret(reporter);
        return path != null ? root(group, me, reporter, secret) : receiver(group, me, reporter, secret);
    }

    private int root(GroupFile group, GroupFile.Entry me, Reporter reporter, Secret secret) throws Exception {
        InetSocketAddress control = group.controlAddress(me);
        int receivers = group.entries().size() - 1;
        try (SourceData source = SourceData.open(path);
             MetricsExport metrics = MetricsExport.start(options.jmx, options.prometheus);
             Coordinator coordinator = Coordinator.listen(control, secret, "static", source.offer(), receivers,
                     group.admission(me.id()), SendCommand.events(reporter), ControlChannel.VERSION)) {
            reporter.info("root: waiting on " + Addresses.format(coordinator.address()) + " for the "
                    + RootTransfer.plural(receivers, "other member") + " of " + groupFile + " to push " + source.name()
                    + " (" + ByteSizes.format(source.size()) + ")");
            Member member = new Member(me.id(), me.cluster(), group.dataAddress(me));
            List<Member> members = group.members();
            RootTransfer.Settings settings = new RootTransfer.Settings(member, root.protocol, (int) root.pieceSize,
                    options.wait, options.timeout, options.failureTimeout, secret, registrations -> members);
            return SummaryOutput.run("sender", me.id(), options, spec.commandLine().getOut(),
                    () -> new RootTransfer(settings, source, coordinator, reporter, metrics.registry()).run());
        }
    }

    private int receiver(GroupFile group, GroupFile.Entry me, Reporter reporter, Secret secret) throws Exception {
        Path dir = OutputDirectory.prepare(out);
        List<InetSocketAddress> candidates = new ArrayList<>();
        for (GroupFile.Entry e : group.entries()) {
            if (!e.id().equals(me.id())) {
                candidates.add(group.controlAddress(e));
            }
        }
        InetSocketAddress data = group.dataAddress(me);
        try (MetricsExport metrics = MetricsExport.start(options.jmx, options.prometheus)) {
            return SummaryOutput.run("receiver", me.id(), options, spec.commandLine().getOut(), () -> {
                try (CoordinatorClient client = CoordinatorClient.connect(candidates, options.wait, secret,
                        ControlChannel.VERSION, reporter::info)) {
                    ReceiverTransfer.Settings settings = new ReceiverTransfer.Settings(me.id(), me.cluster(),
                            data.getHostString(), data.getPort(), group.digest(), dir, overwrite, options.timeout,
                            options.failureTimeout, secret);
                    return new ReceiverTransfer(settings, client, reporter, metrics.registry()).run();
                }
            });
        }
    }
}
