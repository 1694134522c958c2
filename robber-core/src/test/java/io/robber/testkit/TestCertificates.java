package io.robber.testkit;

import io.robber.security.CertificateAuthority;
import io.robber.security.TlsIdentity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A group's CA and its members' certificates as PEM files in one directory, the way
 * {@code robber keys init} lays them out: {@code ca.pem}, and {@code ID.pem} with {@code ID-key.pem}.
 */
public final class TestCertificates {
    private static final Duration VALIDITY = Duration.ofDays(1);

    private final Path dir;
    private final CertificateAuthority ca;

    private TestCertificates(Path dir, CertificateAuthority ca) {
        this.dir = dir;
        this.ca = ca;
    }

    /** A new CA called {@code name}, its certificate written to {@code dir/ca.pem}. */
    public static TestCertificates create(Path dir, String name) {
        try {
            Files.createDirectories(dir);
            CertificateAuthority ca = CertificateAuthority.create(name, VALIDITY);
            ca.write(dir.resolve("ca.pem"), dir.resolve("ca-key.pem"));
            return new TestCertificates(dir, ca);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Path ca() {
        return dir.resolve("ca.pem");
    }

    public Path certificate(String file) {
        return dir.resolve(file + ".pem");
    }

    public Path key(String file) {
        return dir.resolve(file + "-key.pem");
    }

    /** Issues a certificate naming {@code id}, written as {@code id.pem} and {@code id-key.pem}, and loads it. */
    public TlsIdentity identity(String id) {
        return identity(id, id);
    }

    /** Issues a certificate naming {@code name}, written under the file name {@code file}, and loads it. */
    public TlsIdentity identity(String file, String name) {
        issue(file, name, VALIDITY);
        return TlsIdentity.load(certificate(file), key(file), ca());
    }

    /** Issues a certificate naming {@code name} valid for {@code validity} (negative: expired) into {@code file}. */
    public void issue(String file, String name, Duration validity) {
        try {
            ca.issue(name, validity).write(certificate(file), key(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
