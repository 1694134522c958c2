package io.robber.rendezvous;

import io.robber.security.TlsIdentity;

/**
 * How the members of a deployment recognise each other, on control and data connections alike: a
 * shared secret each side proves it knows ({@link Secret}), mutual TLS with certificates of the group's
 * CA that name each member ({@link TlsIdentity}), both, or neither (anyone who reaches the ports may
 * join).
 *
 * @param secret the shared secret, or null
 * @param tls    this process's TLS identity, or null for plain TCP
 * @param sender with TLS, on a receiver: the member id the coordinator's certificate must name (the
 *               sender's), or null to take any certificate of the CA that names a member of the group
 *               the coordinator starts
 */
public record Trust(Secret secret, TlsIdentity tls, String sender) {
    public static final Trust NONE = new Trust(null, null);

    public Trust {
        if (sender != null && tls == null) {
            throw new ConfigurationException("--tls-sender needs TLS: pass --tls-cert, --tls-key and --tls-ca as well");
        }
    }

    public Trust(Secret secret, TlsIdentity tls) {
        this(secret, tls, null);
    }

    /**
     * Checks that this process's certificate names {@code id}, the member id it runs as.
     *
     * @throws ConfigurationException when it does not
     */
    public void checkNames(String id) {
        if (tls != null && !tls.names(id)) {
            throw new ConfigurationException("this node runs as member '" + id + "' but its certificate is for "
                    + String.join(", ", tls.names()) + ": leave out --id (the certificate's name is the default "
                    + "with TLS) or use a certificate issued for '" + id + "' (robber keys init)");
        }
    }
}
