package io.robber.rendezvous.control;

import io.robber.rendezvous.Addresses;
import io.robber.rendezvous.BuildVersion;
import io.robber.rendezvous.ConfigurationException;
import io.robber.rendezvous.TransferFailedException;
import io.robber.rendezvous.Trust;
import io.robber.rendezvous.Units;
import io.robber.security.TlsIdentity;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.net.ssl.SSLSocket;

/**
 * How a receiver finds its coordinator: it tries the candidate addresses in turn (TLS first where the
 * trust asks for it), backs off between rounds, tells the operator what it waits for every ten seconds
 * and gives up, naming the last problem, when the wait is over. An answer that cannot work (another
 * version, an unknown host, a secret or TLS mismatch) ends the search at once.
 */
final class CoordinatorSearch {
    static final long FIRST_RETRY_MILLIS = 50;
    /**
     * Receivers usually start together with their sender, whose listening port opens a JVM start-up and a
     * manifest later: a refused connection costs next to nothing, so the wait between tries stays short
     * (it was 2 s, which kept every receiver idle for up to that long once the coordinator listened).
     */
    static final long MAX_RETRY_MILLIS = 250;
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    private final List<InetSocketAddress> candidates;
    private final Trust trust;
    private final int version;

    CoordinatorSearch(List<InetSocketAddress> candidates, Trust trust, int version) {
        this.candidates = candidates;
        this.trust = trust;
        this.version = version;
    }

    /**
     * Connects to the first candidate that answers as a coordinator, trying them in turn with backoff
     * until {@code wait} has passed.
     *
     * @param status told about each failed round, for the operator
     * @throws TransferFailedException when unreachable
     * @throws ConfigurationException    when incompatible: version, secret
     */
    CoordinatorClient connect(Duration wait, Consumer<String> status) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        long backoff = FIRST_RETRY_MILLIS;
        String lastProblem = "no answer";
        long lastStatus = 0;
        while (true) {
            for (InetSocketAddress candidate : candidates) {
                String where = Addresses.format(candidate);
                try {
                    return attempt(candidate);
                } catch (ControlChannel.VersionMismatch e) {
                    throw new ConfigurationException("version mismatch: the coordinator at " + where
                            + " speaks control protocol v" + e.theirs() + ", this receiver v" + e.ours() + " (robber "
                            + BuildVersion.current() + "): run the same robber version on every machine");
                } catch (UnknownHostException e) {
                    throw new ConfigurationException("unknown host " + candidate.getHostString()
                            + ": check the coordinator's address");
                } catch (ConnectException | NoRouteToHostException | SocketTimeoutException e) {
                    lastProblem = where + ": " + ControlSupport.describe(e);
                } catch (ControlChannel.NotControlPeer e) {
                    lastProblem = where + " is not a robber coordinator: it " + e.getMessage();
                } catch (IOException e) {
                    lastProblem = where + ": " + ControlSupport.describe(e);
                }
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                String target = candidates.size() == 1 ? "coordinator at " + Addresses.format(candidates.get(0))
                        : "root among " + candidates.size() + " members of the group file";
                throw new TransferFailedException(target + " unreachable after " + Units.duration(wait) + " ("
                        + lastProblem + "): start 'robber send' there first, check --coordinator and the firewall, "
                        + "or raise --wait", null);
            }
            if (System.nanoTime() - lastStatus > TimeUnit.SECONDS.toNanos(10)) {
                status.accept((candidates.size() == 1 ? "waiting for the coordinator (" + lastProblem + ")"
                        : "waiting for the root: none of the other " + candidates.size() + " members' control "
                        + "addresses answers yet") + "; retrying until " + Units.duration(wholeSeconds(wait))
                        + " have passed");
                lastStatus = System.nanoTime();
            }
            Thread.sleep(Math.min(backoff, TimeUnit.NANOSECONDS.toMillis(left) + 1));
            backoff = Math.min(MAX_RETRY_MILLIS, backoff * 2);
        }
    }

    /**
     * {@code wait} rounded up to whole seconds, from one second on: a reconnection waits what is left of
     * the failure timeout, which the user knows as {@code 30s}, not {@code 29999ms}.
     */
    private static Duration wholeSeconds(Duration wait) {
        long millis = wait.toMillis();
        return millis < 1000 ? wait : Duration.ofSeconds((millis + 999) / 1000);
    }

    private CoordinatorClient attempt(InetSocketAddress address) throws IOException {
        if (address.isUnresolved()) {
            throw new UnknownHostException(address.getHostString());
        }
        Socket socket = new Socket();
        Set<String> names = Set.of();
        try {
            socket.connect(address, (int) CONNECT_TIMEOUT.toMillis());
            if (trust.tls() != null) {
                SSLSocket secure = ControlTls.handshake(trust.tls(), socket, address, trust.sender());
                names = TlsIdentity.peerNames(secure.getSession());
                socket = secure;
            }
            return CoordinatorClient.greet(socket, trust.secret(), names, version, Addresses.format(address));
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }
}
