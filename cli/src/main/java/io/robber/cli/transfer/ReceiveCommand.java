package io.robber.cli.transfer;

import io.robber.cli.ExitCodes;
import io.robber.cli.VersionProvider;
import io.robber.rendezvous.Addresses;
import io.robber.rendezvous.Receiver;
import io.robber.rendezvous.Secret;
import io.robber.security.TlsIdentity;
import io.robber.rendezvous.Sender;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code robber receive --coordinator HOST:PORT --out DIR}: one receiver of a {@code robber send}. */
@Command(name = "receive",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
            "Receives the data set a 'robber send' pushes. Finds the coordinator (retrying until --wait), registers "
                    + "with its id, cluster and data address, receives into a temporary file in --out, checks "
                    + "every piece against the root's manifest, moves the copy into place and keeps serving its peers until every member "
                    + "is done."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCodes.OK + ":this node holds a verified copy under --out",
            ExitCodes.FAILED + ":the transfer failed or the coordinator was unreachable",
            ExitCodes.USAGE + ":usage or configuration error (wrong secret, version mismatch, --out not writable...)"})
public final class ReceiveCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--coordinator", required = true, paramLabel = "HOST[:PORT]",
            description = "The sender's --listen address (port default " + Sender.DEFAULT_PORT + ").")
    String coordinator;

    @Option(names = "--listen", paramLabel = "HOST[:PORT]",
            description = "This node's data address (default: the address it reaches the coordinator from; "
                    + "port default: a free port).")
    String listen;

    @Option(names = "--cluster", defaultValue = "default", paramLabel = "NAME",
            description = "This node's cluster: nodes of one cluster share a fast network (default: ${DEFAULT-VALUE}).")
    String cluster;

    @Option(names = "--id", paramLabel = "ID", description = "This node's member id (default: the name of its --tls-cert, else HOST:PORT of its data address).")
    String id;

    @Option(names = "--out", required = true, paramLabel = "DIR",
            description = "Directory to put the data set in (created if missing).")
    Path out;

    @Option(names = "--overwrite", description = "Replace an existing file or directory of the same name in --out.")
    boolean overwrite;

    @Option(names = "--tls-sender", paramLabel = "ID",
            description = "With TLS: the sender's member id, which the coordinator's certificate must name "
                    + "(default: any certificate of the CA that names a member of the group it starts).")
    String tlsSender;

    @Mixin
    TransferOptions options;

    @Override
    public Integer call() throws Exception {
        InetSocketAddress target = Addresses.parse(coordinator, "--coordinator", null, Sender.DEFAULT_PORT);
        InetSocketAddress data = listen == null ? null : Addresses.parse(listen, "--listen", null, 0);
        Reporter reporter = options.reporter(spec.commandLine().getErr(), "robber receive");
        Secret secret = options.secret(reporter);
        TlsIdentity tls = options.tls();
        if (tlsSender != null && tls == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--tls-sender needs TLS: pass --tls-cert, "
                    + "--tls-key and --tls-ca as well");
        }
        try (MetricsExport metrics = MetricsExport.start(options.jmx, options.prometheus)) {
            Receiver receiver = Receiver.from(target).into(out).listen(data).cluster(cluster).id(id)
                    .overwrite(overwrite).secret(secret).tls(tls).tlsSender(tlsSender).waitFor(options.wait).timeout(options.timeout)
                    .failureTimeout(options.failureTimeout)
                    .maxRate(options.maxRate).listener(metrics.progress(reporter)).meters(metrics.registry());
            return SummaryOutput.run("receiver", id, options, spec.commandLine().getOut(), receiver::run);
        }
    }
}
