package io.robber.security;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertPathValidator;
import java.security.cert.Certificate;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateFactory;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.CertificateParsingException;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * A node's identity for mutual TLS: its certificate (with any intermediate certificates) and private
 * key, and the certificate authority (CA) that vouches for every member of the group. Both ends of
 * every connection present a certificate signed by that CA, and a member's certificate names its
 * member id (as the subject's common name or a DNS subject alternative name): a peer that claims to be
 * a member must hold that member's key. TLS 1.3 only; no host-name checks, the names are member ids.
 * Netty's connections run on BoringSSL where {@code netty-tcnative-boringssl-static} is on the class
 * path and loads (the {@code robber} jar has it for linux-x86_64), which encrypts several times faster
 * and with fewer copies than the JDK's provider; otherwise, and for blocking sockets, on the JDK's.
 *
 * <p>{@link #load} checks everything a handshake would otherwise fail on later with a vague alert:
 * the files, the key belonging to the certificate, the certificate's dates and its chain to the CA.
 */
public final class TlsIdentity {
    private static final String[] PROTOCOLS = {"TLSv1.3"};

    private final X509Certificate certificate;
    private final Set<String> names;
    private final PrivateKey key;
    private final X509Certificate[] chain;
    private final X509Certificate[] trusted;
    private final SslContext server;
    private final SslContext client;
    /** For blocking clients, on the JDK's provider; made when first needed (a receiver's control connection). */
    private SSLSocketFactory sockets;

    private TlsIdentity(PrivateKey key, X509Certificate[] chain, X509Certificate[] trusted, SslContext server,
                        SslContext client) {
        this.certificate = chain[0];
        this.names = names(certificate);
        this.key = key;
        this.chain = chain;
        this.trusted = trusted;
        this.server = server;
        this.client = client;
    }

    /**
     * Reads and checks PEM files: the node's certificate (first, then any intermediates), its
     * unencrypted PKCS#8 private key, and the group's CA certificate(s).
     *
     * @throws TlsException naming the file and what is wrong with it
     */
    public static TlsIdentity load(Path certificateFile, Path keyFile, Path caFile) {
        List<X509Certificate> chain = Pem.certificates(certificateFile, "certificate file");
        List<X509Certificate> authorities = Pem.certificates(caFile, "CA file");
        X509Certificate leaf = chain.get(0);
        PrivateKey key = Pem.privateKey(keyFile, leaf.getPublicKey().getAlgorithm());
        checkKeyMatches(leaf, key, certificateFile, keyFile);
        checkDates(leaf, certificateFile);
        checkIssuedBy(chain, authorities, certificateFile, caFile);
        X509Certificate[] certificates = chain.toArray(X509Certificate[]::new);
        X509Certificate[] trusted = authorities.toArray(X509Certificate[]::new);
        SslProvider provider = OpenSsl.isAvailable() ? SslProvider.OPENSSL : SslProvider.JDK;
        try {
            SslContext server = SslContextBuilder.forServer(key, certificates)
                    .trustManager(trusted)
                    .clientAuth(ClientAuth.REQUIRE)
                    .sslProvider(provider)
                    .protocols(PROTOCOLS)
                    .build();
            return new TlsIdentity(key, certificates, trusted, server, client(key, certificates, trusted, provider));
        } catch (SSLException e) {
            throw new TlsException("cannot set up TLS with " + certificateFile + " and " + keyFile + ": " + e.getMessage(), e);
        }
    }

    private static SslContext client(PrivateKey key, X509Certificate[] certificates, X509Certificate[] trusted,
                                     SslProvider provider) throws SSLException {
        return SslContextBuilder.forClient()
                .keyManager(key, certificates)
                .trustManager(trusted)
                .sslProvider(provider)
                .protocols(PROTOCOLS)
                .endpointIdentificationAlgorithm(null)
                .build();
    }

    /** Which TLS implementation the Netty connections use: {@code BoringSSL} or {@code JDK}. */
    public String provider() {
        return server instanceof JdkSslContext ? "JDK" : "BoringSSL";
    }

    /** This node's name: its certificate's common name, or else its first DNS name. */
    public String name() {
        return names.iterator().next();
    }

    /** The member ids this node's certificate stands for. */
    public Set<String> names() {
        return names;
    }

    /** Whether this node's certificate may stand for member {@code id}. */
    public boolean names(String id) {
        return names.contains(id);
    }

    public X509Certificate certificate() {
        return certificate;
    }

    /** A new TLS handler for one connection: the client's side on a connection this node dialled, else the server's. */
    public SslHandler newHandler(ByteBufAllocator alloc, boolean dialled) {
        return (dialled ? client : server).newHandler(alloc);
    }

    /** The server's side, for a listener that must tell TLS from plain connections (Netty's {@code OptionalSslHandler}). */
    public SslContext serverContext() {
        return server;
    }

    /** Layers TLS, as the client, over a connected blocking socket; the handshake runs on the first read or write. */
    public SSLSocket wrap(Socket socket, String host, int port) throws IOException {
        SSLSocket tls = (SSLSocket) sockets().createSocket(socket, host, port, true);
        tls.setUseClientMode(true);
        tls.setEnabledProtocols(PROTOCOLS);
        return tls;
    }

    private synchronized SSLSocketFactory sockets() throws SSLException {
        if (sockets == null) {
            SslContext jdk = client instanceof JdkSslContext ? client : client(key, chain, trusted, SslProvider.JDK);
            sockets = ((JdkSslContext) jdk).context().getSocketFactory();
        }
        return sockets;
    }

    /** The names the peer's certificate stands for, once the handshake of {@code session} completed. */
    public static Set<String> peerNames(SSLSession session) throws SSLPeerUnverifiedException {
        Certificate[] peer = session.getPeerCertificates();
        return names((X509Certificate) peer[0]);
    }

    /** The common name(s) of the certificate's subject, then its DNS subject alternative names. */
    public static Set<String> names(X509Certificate certificate) {
        Set<String> names = new LinkedHashSet<>();
        try {
            List<Rdn> rdns = new LdapName(certificate.getSubjectX500Principal().getName()).getRdns();
            for (int i = rdns.size() - 1; i >= 0; i--) {
                if (rdns.get(i).getType().equalsIgnoreCase("CN")) {
                    names.add(String.valueOf(rdns.get(i).getValue()));
                }
            }
            Collection<List<?>> alternatives = certificate.getSubjectAlternativeNames();
            if (alternatives != null) {
                for (List<?> alternative : alternatives) {
                    if (Integer.valueOf(2).equals(alternative.get(0))) {
                        names.add(String.valueOf(alternative.get(1)));
                    }
                }
            }
        } catch (InvalidNameException | CertificateParsingException e) {
            throw new TlsException("cannot read the names of certificate " + certificate.getSubjectX500Principal()
                    + ": " + e.getMessage(), e);
        }
        if (names.isEmpty()) {
            throw new TlsException("certificate " + certificate.getSubjectX500Principal() + " names no member: "
                    + "its subject needs a common name (CN) equal to the member id");
        }
        return Collections.unmodifiableSet(names);
    }

    private static void checkKeyMatches(X509Certificate leaf, PrivateKey key, Path certificateFile, Path keyFile) {
        String algorithm = switch (key.getAlgorithm()) {
            case "EC" -> "SHA256withECDSA";
            case "RSA" -> "SHA256withRSA";
            default -> key.getAlgorithm();
        };
        byte[] probe = "robber key check".getBytes(StandardCharsets.US_ASCII);
        boolean matches;
        try {
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(leaf.getPublicKey());
            verifier.update(probe);
            matches = verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            throw new TlsException("cannot use the " + key.getAlgorithm() + " key in " + keyFile + ": " + e.getMessage(), e);
        }
        if (!matches) {
            throw new TlsException("key file " + keyFile + " does not belong to certificate " + certificateFile
                    + ": pass the key that was issued with it");
        }
    }

    private static void checkDates(X509Certificate leaf, Path certificateFile) {
        try {
            leaf.checkValidity();
        } catch (CertificateExpiredException e) {
            throw new TlsException("certificate " + certificateFile + " expired on " + leaf.getNotAfter().toInstant()
                    + ": issue a new one (robber keys init)");
        } catch (CertificateNotYetValidException e) {
            throw new TlsException("certificate " + certificateFile + " is valid only from "
                    + leaf.getNotBefore().toInstant() + ": check this machine's clock");
        }
    }

    private static void checkIssuedBy(List<X509Certificate> chain, List<X509Certificate> authorities,
                                      Path certificateFile, Path caFile) {
        try {
            Set<TrustAnchor> anchors = authorities.stream().map(ca -> new TrustAnchor(ca, null))
                    .collect(Collectors.toSet());
            PKIXParameters parameters = new PKIXParameters(anchors);
            parameters.setRevocationEnabled(false);
            CertPathValidator.getInstance("PKIX").validate(
                    CertificateFactory.getInstance("X.509").generateCertPath(chain.stream()
                            .filter(c -> !authorities.contains(c)).toList()), parameters);
        } catch (GeneralSecurityException e) {
            throw new TlsException("certificate " + certificateFile + " is not issued by the CA in " + caFile + " ("
                    + e.getMessage() + "): every member's certificate must come from the group's CA", e);
        }
    }
}
