package io.robber.security;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PEM files of certificates and PKCS#8 private keys: read with a message naming the file for every way
 * they can be wrong, and written (keys readable by their owner only).
 */
final class Pem {
    private static final Pattern PRIVATE_KEY = Pattern.compile(
            "-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\\s]+)-----END PRIVATE KEY-----");
    private static final Pattern OTHER_KEY = Pattern.compile("-----BEGIN ([A-Z ]*)PRIVATE KEY-----");
    /** Longest PEM file read: a chain of a few certificates is a few KiB. */
    private static final long MAX_BYTES = 1 << 20;

    private Pem() {
    }

    /** The certificates of a PEM file, in order; at least one. */
    static List<X509Certificate> certificates(Path file, String what) {
        byte[] bytes = read(file, what);
        List<X509Certificate> certificates = new ArrayList<>();
        try {
            for (var certificate : CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(bytes))) {
                certificates.add((X509Certificate) certificate);
            }
        } catch (CertificateException e) {
            throw new TlsException(what + " " + file + " is not a PEM certificate file (" + e.getMessage() + ")", e);
        }
        if (certificates.isEmpty()) {
            throw new TlsException(what + " " + file + " holds no certificate ('-----BEGIN CERTIFICATE-----')");
        }
        return certificates;
    }

    /** The PKCS#8 private key of a PEM file, of the given algorithm (the certificate's: EC, RSA, Ed25519). */
    static PrivateKey privateKey(Path file, String algorithm) {
        String text = new String(read(file, "key file"), StandardCharsets.US_ASCII);
        Matcher m = PRIVATE_KEY.matcher(text);
        if (!m.find()) {
            Matcher other = OTHER_KEY.matcher(text);
            if (other.find()) {
                throw new TlsException("key file " + file + " holds a '" + other.group(1).trim() + " PRIVATE KEY', "
                        + "not an unencrypted PKCS#8 key: convert it with 'openssl pkcs8 -topk8 -nocrypt -in " + file
                        + " -out " + file + ".pk8'");
            }
            throw new TlsException("key file " + file + " holds no private key ('-----BEGIN PRIVATE KEY-----')");
        }
        try {
            byte[] der = Base64.getMimeDecoder().decode(m.group(1));
            return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new TlsException("key file " + file + " does not hold a readable " + algorithm
                    + " private key for its certificate (" + e.getMessage() + ")", e);
        }
    }

    /** Writes a certificate and its key as PEM files, the key readable and writable by its owner only. */
    static void write(Path certificateFile, Path keyFile, X509Certificate certificate, PrivateKey key)
            throws IOException {
        try {
            Files.writeString(certificateFile, block("CERTIFICATE", certificate.getEncoded()), StandardCharsets.US_ASCII);
        } catch (CertificateException e) {
            throw new IOException("cannot encode certificate: " + e.getMessage(), e);
        }
        writeKey(keyFile, key);
    }

    private static void writeKey(Path file, PrivateKey key) throws IOException {
        Files.deleteIfExists(file);
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            Files.createFile(file);
        }
        Files.writeString(file, block("PRIVATE KEY", key.getEncoded()), StandardCharsets.US_ASCII);
    }

    private static String block(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    private static byte[] read(Path file, String what) {
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new TlsException(what + " " + file + " is larger than 1 MiB: is it a PEM file?");
            }
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new TlsException(what + " " + file + " does not exist");
        } catch (AccessDeniedException e) {
            throw new TlsException("cannot read " + what + " " + file + ": permission denied");
        } catch (IOException e) {
            throw new TlsException("cannot read " + what + " " + file + ": " + e.getMessage(), e);
        }
    }
}
