package io.robber.security;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.regex.Pattern;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A group's own certificate authority, for mutual TLS without a company PKI: a self-signed CA that
 * issues one certificate per member, named by its member id ({@link TlsIdentity}). Keys are ECDSA on
 * P-256. Needs Bouncy Castle's {@code bcpkix-jdk18on} on the class path (the {@code robber} jar has it;
 * TLS itself does not).
 */
public final class CertificateAuthority {
    private static final Pattern DNS_NAME = Pattern.compile(
            "[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*");
    /** Certificates start an hour back, so that a peer whose clock is a little behind accepts them. */
    private static final Duration CLOCK_SKEW = Duration.ofHours(1);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final X509Certificate certificate;
    private final PrivateKey key;

    private CertificateAuthority(X509Certificate certificate, PrivateKey key) {
        this.certificate = certificate;
        this.key = key;
    }

    /** A new self-signed CA called {@code name}, valid for {@code validity} from now. */
    public static CertificateAuthority create(String name, Duration validity) {
        KeyPair pair = newKeyPair();
        X500Name subject = subject(name);
        X509Certificate certificate = sign(new JcaX509v3CertificateBuilder(subject, serial(), notBefore(),
                notAfter(validity), subject, pair.getPublic()), pair.getPublic(), null, true, pair.getPrivate());
        return new CertificateAuthority(certificate, pair.getPrivate());
    }

    /**
     * Reads a CA written by {@link #write}.
     *
     * @throws TlsException when a file is missing or unreadable, or the certificate is not a CA's
     */
    public static CertificateAuthority load(Path certificateFile, Path keyFile) {
        X509Certificate certificate = Pem.certificates(certificateFile, "CA file").get(0);
        if (certificate.getBasicConstraints() < 0) {
            throw new TlsException(certificateFile + " is a member's certificate, not a certificate authority's");
        }
        return new CertificateAuthority(certificate, Pem.privateKey(keyFile, certificate.getPublicKey().getAlgorithm()));
    }

    public X509Certificate certificate() {
        return certificate;
    }

    /** A certificate and key for member {@code id}, valid for {@code validity} from now (capped by the CA's own end). */
    public Issued issue(String id, Duration validity) {
        if (id.isBlank()) {
            throw new IllegalArgumentException("a member id must not be blank");
        }
        KeyPair pair = newKeyPair();
        Date end = notAfter(validity).before(certificate.getNotAfter()) ? notAfter(validity) : certificate.getNotAfter();
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(certificate, serial(), notBefore(), end,
                subject(id), pair.getPublic());
        try {
            builder.addExtension(Extension.extendedKeyUsage, false,
                    new ExtendedKeyUsage(new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}));
            if (DNS_NAME.matcher(id).matches()) {
                builder.addExtension(Extension.subjectAlternativeName, false,
                        new GeneralNames(new GeneralName(GeneralName.dNSName, id)));
            }
        } catch (CertIOException e) {
            throw new TlsException("cannot build a certificate for " + id + ": " + e.getMessage(), e);
        }
        return new Issued(sign(builder, pair.getPublic(), certificate.getPublicKey(), false, key), pair.getPrivate());
    }

    /** Writes the CA's certificate and (owner-only) key as PEM. */
    public void write(Path certificateFile, Path keyFile) throws IOException {
        Pem.write(certificateFile, keyFile, certificate, key);
    }

    /** A member's certificate and private key. */
    public record Issued(X509Certificate certificate, PrivateKey key) {
        /** Writes the certificate and (owner-only) key as PEM, the files {@link TlsIdentity#load} reads. */
        public void write(Path certificateFile, Path keyFile) throws IOException {
            Pem.write(certificateFile, keyFile, certificate, key);
        }
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, PublicKey subjectKey, PublicKey issuerKey,
                                        boolean authority, PrivateKey signer) {
        try {
            JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(authority));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(authority
                    ? KeyUsage.keyCertSign | KeyUsage.cRLSign : KeyUsage.digitalSignature));
            builder.addExtension(Extension.subjectKeyIdentifier, false, extensions.createSubjectKeyIdentifier(subjectKey));
            if (issuerKey != null) {
                builder.addExtension(Extension.authorityKeyIdentifier, false,
                        extensions.createAuthorityKeyIdentifier(issuerKey));
            }
            return new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signer)));
        } catch (GeneralSecurityException | OperatorCreationException | CertIOException e) {
            throw new TlsException("cannot sign a certificate: " + e.getMessage(), e);
        }
    }

    private static KeyPair newKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new TlsException("this JVM cannot make P-256 keys: " + e.getMessage(), e);
        }
    }

    private static X500Name subject(String name) {
        return new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.CN, name).build();
    }

    private static BigInteger serial() {
        return new BigInteger(127, RANDOM).add(BigInteger.ONE);
    }

    private static Date notBefore() {
        return Date.from(Instant.now().minus(CLOCK_SKEW));
    }

    private static Date notAfter(Duration validity) {
        return Date.from(Instant.now().plus(validity));
    }
}
