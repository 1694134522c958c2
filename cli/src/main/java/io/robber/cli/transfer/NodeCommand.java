package io.robber.cli.transfer;

import io.robber.cli.CliFailure;
import io.robber.cli.ExitCodes;
import io.robber.cli.VersionProvider;
import io.robber.rendezvous.GroupFile;
import io.robber.rendezvous.Receiver;
import io.robber.rendezvous.Secret;
import io.robber.security.TlsIdentity;
import io.robber.rendezvous.Sender;
import java.nio.file.Path;
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
        group.entry(self); // a usage error naming the file's ids when --self is not one of them
        if (group.entries().size() < 2) {
            throw CliFailure.configuration("group file " + groupFile + " lists only " + self + ": add the receivers");
        }
        String name = "robber node " + self;
        Reporter reporter = options.reporter(spec.commandLine().getErr(), name);
        Secret secret = options.secret(reporter);
        TlsIdentity tls = options.tls();
        try (MetricsExport metrics = MetricsExport.start(options.jmx, options.prometheus)) {
            if (path != null) {
                Sender sender = root.applyTo(Sender.push(path)).group(group, self)
                        .secret(secret).tls(tls).waitFor(options.wait).timeout(options.timeout)
                        .failureTimeout(options.failureTimeout)
                        .maxRate(options.maxRate).listener(metrics.progress(reporter)).meters(metrics.registry());
                return SummaryOutput.run("sender", self, options, spec.commandLine().getOut(), sender::run);
            }
            Receiver receiver = Receiver.group(group, self).into(out).overwrite(overwrite).secret(secret).tls(tls)
                    .waitFor(options.wait).timeout(options.timeout).failureTimeout(options.failureTimeout)
                    .maxRate(options.maxRate)
                    .listener(metrics.progress(reporter)).meters(metrics.registry());
            return SummaryOutput.run("receiver", self, options, spec.commandLine().getOut(), receiver::run);
        }
    }
}
