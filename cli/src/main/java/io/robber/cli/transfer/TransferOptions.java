package io.robber.cli.transfer;

import io.robber.cli.convert.DurationConverter;
import io.robber.cli.convert.RateConverter;
import io.robber.cli.CliFailure;
import io.robber.rendezvous.Secret;
import io.robber.security.TlsException;
import io.robber.security.TlsIdentity;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Options every transfer command ({@code send}, {@code receive}, {@code node}) shares. */
public final class TransferOptions {
    @Option(names = "--secret-file", paramLabel = "FILE",
            description = "Shared secret (the file's bytes, trailing white space ignored); peers that cannot prove "
                    + "they know it are refused. Without it anyone who reaches the ports may join.")
    Path secretFile;

    @Option(names = "--tls-cert", paramLabel = "FILE",
            description = "This node's certificate (PEM), issued by the group's CA for its member id, which it names "
                    + "(the default --id). With --tls-key and --tls-ca, every control and data connection uses "
                    + "mutual TLS; 'robber keys init' makes the files.")
    Path tlsCertificate;

    @Option(names = "--tls-key", paramLabel = "FILE", description = "The certificate's private key (PEM, PKCS#8).")
    Path tlsKey;

    @Option(names = "--tls-ca", paramLabel = "FILE",
            description = "The group's CA certificate (PEM): peers must present a certificate it issued.")
    Path tlsCa;

    @Option(names = "--wait", defaultValue = "5m", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How long to wait for the other side to show up before giving up (default: ${DEFAULT-VALUE}).")
    Duration wait;

    @Option(names = "--timeout", defaultValue = "30m", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Give up when the transfer has not finished this long after it started; failures name the "
                    + "members not done (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--failure-timeout", defaultValue = "30s", paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "A peer silent for this long is taken as dead: survivors go on without it and the "
                    + "transfer reports it (default: ${DEFAULT-VALUE}).")
    Duration failureTimeout;

    @Option(names = "--max-rate", defaultValue = "0", paramLabel = "RATE", converter = RateConverter.class,
            description = "Send, and receive, at most RATE each way, all peers together, e.g. 100MB/s, to leave room "
                    + "on the network for other work (default: no limit).")
    long maxRate;

    @Option(names = "--json", description = "Print one JSON object with the outcome on stdout when done.")
    boolean json;

    boolean quiet;

    /** Also silences the libraries' log lines: the command's own warnings and errors say what matters. */
    @Option(names = {"-q", "--quiet"}, description = "Print no progress or status lines and no library log lines "
            + "(the command's warnings and errors still go to stderr).")
    void quiet(boolean value) {
        quiet = value;
        if (value) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "off");
        }
    }

    @Option(names = "--progress-interval", defaultValue = "5s", paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "Time between progress lines when stderr is not a terminal (default: ${DEFAULT-VALUE}).")
    Duration progressInterval;

    @Option(names = "--jmx", description = "Expose the robber.* meters over JMX (domain " + MetricsExport.JMX_DOMAIN + ").")
    boolean jmx;

    @Option(names = "--prometheus", paramLabel = "[HOST:]PORT",
            description = "Serve the robber.* meters and the transfer's progress for Prometheus at "
                    + "http://HOST:PORT/metrics (HOST defaults to 127.0.0.1; 0.0.0.0 serves every interface).")
    String prometheus;

    /** The secret, or null; with neither a secret nor TLS, after a warning that the transfer is open to anyone. */
    Secret secret(Reporter reporter) {
        if (secretFile == null) {
            if (tlsCertificate == null) {
                reporter.warn("no --secret-file or --tls-cert: any process that reaches the listening ports can join "
                        + "this transfer or pose as its coordinator; use a shared secret or TLS outside trusted "
                        + "networks");
            }
            return null;
        }
        return Secret.read(secretFile);
    }

    /** The node's TLS identity from --tls-cert, --tls-key and --tls-ca, or null without them. */
    TlsIdentity tls() {
        if (tlsCertificate == null && tlsKey == null && tlsCa == null) {
            return null;
        }
        List<String> missing = new ArrayList<>();
        if (tlsCertificate == null) {
            missing.add("--tls-cert");
        }
        if (tlsKey == null) {
            missing.add("--tls-key");
        }
        if (tlsCa == null) {
            missing.add("--tls-ca");
        }
        if (!missing.isEmpty()) {
            throw CliFailure.configuration("TLS needs --tls-cert, --tls-key and --tls-ca together; missing "
                    + String.join(" and ", missing));
        }
        try {
            return TlsIdentity.load(tlsCertificate, tlsKey, tlsCa);
        } catch (TlsException e) {
            throw CliFailure.configuration(e.getMessage());
        }
    }

    Reporter reporter(PrintWriter err, String name) {
        return new Reporter(err, name, quiet, System.console() != null, progressInterval);
    }
}
