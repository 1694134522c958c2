package io.robber.cli.keys;

import io.robber.cli.CliFailure;
import io.robber.cli.ExitCodes;
import io.robber.cli.VersionProvider;
import io.robber.security.CertificateAuthority;
import io.robber.security.TlsException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code robber keys init}: a self-signed CA for a group (made once, reused by later runs) and, for each
 * member id given, a certificate naming it, in one directory: {@code ca.pem} and {@code ca-key.pem},
 * then {@code ID.pem} and {@code ID-key.pem} per member. Keys are written readable by their owner only.
 */
@Command(name = "init",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {"Makes a group CA (or reuses the one in --dir) and a certificate for each member ID, for "
                + "mutual TLS between the members.",
                "Each node then runs with --tls-cert DIR/ID.pem --tls-key DIR/ID-key.pem --tls-ca DIR/ca.pem; its "
                        + "member id defaults to ID. Copy ca.pem and the node's two files to each node; keep "
                        + "ca-key.pem private: whoever holds it can make members."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {ExitCodes.OK + ":the files were written",
            ExitCodes.USAGE + ":usage error, or a file exists (use --force) or cannot be written"})
public final class KeysInitCommand implements Callable<Integer> {
    static final String CA_CERTIFICATE = "ca.pem";
    static final String CA_KEY = "ca-key.pem";

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "ID", arity = "1..*",
            description = "Member ids to issue certificates for: the --id (or --self) each node runs as.")
    List<String> ids;

    @Option(names = "--dir", defaultValue = "robber-keys", paramLabel = "DIR",
            description = "Directory for the CA and the certificates (created if missing; default: ${DEFAULT-VALUE}).")
    Path dir;

    @Option(names = "--days", defaultValue = "365", paramLabel = "N",
            description = "How long new certificates are valid, in days (default: ${DEFAULT-VALUE}; a new CA: ten "
                    + "times that).")
    int days;

    @Option(names = "--force", description = "Replace a member's certificate and key that exist already.")
    boolean force;

    @Override
    public Integer call() throws IOException {
        if (days < 1) {
            throw new ParameterException(spec.commandLine(), "--days must be at least 1, got " + days);
        }
        for (String id : ids) {
            checkFileName(id);
        }
        PrintWriter out = spec.commandLine().getOut();
        Files.createDirectories(dir);
        CertificateAuthority ca = authority(out);
        for (String id : ids) {
            Path certificate = dir.resolve(id + ".pem");
            Path key = dir.resolve(id + "-key.pem");
            if (!force && (Files.exists(certificate) || Files.exists(key))) {
                throw CliFailure.configuration(certificate + " exists already: pass --force to replace it, or "
                        + "choose another --dir");
            }
            ca.issue(id, Duration.ofDays(days)).write(certificate, key);
            out.println(id + ": --tls-cert " + certificate + " --tls-key " + key + " --tls-ca "
                    + dir.resolve(CA_CERTIFICATE));
        }
        out.flush();
        return ExitCodes.OK;
    }

    /** The CA in {@code dir}, or a new one written there. */
    private CertificateAuthority authority(PrintWriter out) throws IOException {
        Path certificate = dir.resolve(CA_CERTIFICATE);
        Path key = dir.resolve(CA_KEY);
        if (Files.exists(certificate) || Files.exists(key)) {
            try {
                CertificateAuthority ca = CertificateAuthority.load(certificate, key);
                out.println("using the CA in " + certificate);
                return ca;
            } catch (TlsException e) {
                throw CliFailure.configuration("cannot use the CA in " + dir + ": " + e.getMessage());
            }
        }
        CertificateAuthority ca = CertificateAuthority.create("robber group CA " + dir.toAbsolutePath().getFileName(),
                Duration.ofDays(10L * days));
        ca.write(certificate, key);
        out.println("made a new CA: " + certificate + " (its key " + key + " stays private)");
        return ca;
    }

    private void checkFileName(String id) {
        if (id.isBlank() || id.contains("/") || id.contains("\0") || id.startsWith(".") || id.length() > 200
                || id.equals("ca")) {
            throw new ParameterException(spec.commandLine(), "member id '" + id + "' cannot name its certificate "
                    + "files: use ids without '/', not starting with '.', not 'ca', at most 200 characters");
        }
    }
}
