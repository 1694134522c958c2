package io.robber.rendezvous.control;

import io.robber.rendezvous.Addresses;
import io.robber.rendezvous.ConfigurationException;
import io.robber.security.TlsIdentity;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Locale;
import java.util.Set;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;

/**
 * A receiver's TLS handshake with its coordinator, on the blocking control socket. A failure that
 * trying again cannot fix (a certificate of another CA on either side, a coordinator without TLS, a
 * coordinator whose certificate does not name the expected sender) ends the receiver with what to
 * change; a connection that merely broke is retried like any other.
 */
final class ControlTls {
    private ControlTls() {
    }

    /**
     * Layers TLS over the connected {@code socket} and completes the handshake; with {@code sender}, the
     * coordinator's certificate must name it.
     */
    static SSLSocket handshake(TlsIdentity tls, Socket socket, InetSocketAddress address, String sender)
            throws IOException {
        String where = Addresses.format(address);
        SSLSocket secure = tls.wrap(socket, address.getHostString(), address.getPort());
        secure.setSoTimeout((int) Coordinator.HANDSHAKE_TIMEOUT.toMillis());
        try {
            secure.startHandshake();
        } catch (SSLException e) {
            String problem = problem(e);
            if (problem == null) {
                throw e;
            }
            throw new ConfigurationException("TLS with the coordinator at " + where + " failed: " + problem
                    + " (" + e.getMessage() + ")");
        }
        Set<String> names = TlsIdentity.peerNames(secure.getSession());
        if (sender != null && !names.contains(sender)) {
            throw new ConfigurationException("the coordinator at " + where + " presents a certificate for "
                    + String.join(", ", names) + ", not for '" + sender + "' (--tls-sender): is it the sender you "
                    + "meant? Check --coordinator, or --tls-sender against the sender's --id");
        }
        return secure;
    }

    /** What to do about a failed handshake, or null when it broke in a way that a new try may not meet. */
    private static String problem(SSLException e) {
        String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        if (message.contains("pkix") || message.contains("certification path")) {
            return "its certificate is not issued by the CA of --tls-ca; every member needs a certificate of the "
                    + "same CA";
        }
        if (message.contains("certificate_unknown") || message.contains("bad_certificate")
                || message.contains("unknown_ca") || message.contains("certificate_required")) {
            return "it refused this receiver's certificate; every member needs a certificate of the same CA";
        }
        if (message.contains("unrecognized ssl message") || message.contains("plaintext connection")) {
            return "it does not speak TLS; give 'robber send' the same --tls-cert, --tls-key and --tls-ca options, "
                    + "or leave them out here";
        }
        return null;
    }
}
