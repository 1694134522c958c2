package io.robber.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.testkit.TestCertificates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@link TlsIdentity#load} accepts, and the one line it says for each way the files can be wrong. */
class TlsIdentityTest {
    @TempDir
    Path dir;

    @Test
    void aCertificateOfTheCaLoadsAndNamesItsMember() {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        TlsIdentity identity = ca.identity("node-1.example");
        assertThat(identity.name()).isEqualTo("node-1.example");
        assertThat(identity.names()).containsExactly("node-1.example");
        assertThat(identity.names("node-1.example")).isTrue();
        assertThat(identity.names("node-2.example")).isFalse();
    }

    @Test
    void anIdThatIsNoHostNameIsTheCommonName() {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        assertThat(ca.identity("receiver-7", "127.0.0.5:7000, \"odd\"").name()).isEqualTo("127.0.0.5:7000, \"odd\"");
    }

    @Test
    void keysAreReadableByTheirOwnerOnly() throws Exception {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        ca.identity("n1");
        assertThat(Files.getPosixFilePermissions(ca.key("n1")))
                .isEqualTo(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE));
    }

    @Test
    void aMissingFileIsNamed() {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        assertThatThrownBy(() -> TlsIdentity.load(dir.resolve("nope.pem"), dir.resolve("nope-key.pem"), ca.ca()))
                .isInstanceOf(TlsException.class).hasMessage("certificate file " + dir.resolve("nope.pem")
                        + " does not exist");
    }

    @Test
    void aKeyOfAnotherCertificateIsRefused() {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        ca.identity("a");
        ca.identity("b");
        assertThatThrownBy(() -> TlsIdentity.load(ca.certificate("a"), ca.key("b"), ca.ca()))
                .isInstanceOf(TlsException.class).hasMessageContaining("does not belong to certificate");
    }

    @Test
    void aCertificateOfAnotherCaIsRefused() {
        TestCertificates ours = TestCertificates.create(dir.resolve("ours"), "group CA");
        TestCertificates theirs = TestCertificates.create(dir.resolve("theirs"), "other CA");
        theirs.identity("a");
        assertThatThrownBy(() -> TlsIdentity.load(theirs.certificate("a"), theirs.key("a"), ours.ca()))
                .isInstanceOf(TlsException.class).hasMessageContaining("is not issued by the CA in " + ours.ca());
    }

    @Test
    void anExpiredCertificateSaysWhen() {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        ca.issue("old", "old", Duration.ofMinutes(-30));
        assertThatThrownBy(() -> TlsIdentity.load(ca.certificate("old"), ca.key("old"), ca.ca()))
                .isInstanceOf(TlsException.class).hasMessageContaining("expired on");
    }

    @Test
    void aKeyInTheOldOpenSslFormatIsToldHowToConvert() throws Exception {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        ca.identity("a");
        Files.writeString(ca.key("a"), "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEE\n-----END EC PRIVATE KEY-----\n");
        assertThatThrownBy(() -> TlsIdentity.load(ca.certificate("a"), ca.key("a"), ca.ca()))
                .isInstanceOf(TlsException.class).hasMessageContaining("'EC PRIVATE KEY'")
                .hasMessageContaining("openssl pkcs8 -topk8 -nocrypt");
    }

    @Test
    void aFileThatIsNoCertificateIsNamed() throws Exception {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        ca.identity("a");
        Files.writeString(ca.certificate("a"), "hello\n");
        assertThatThrownBy(() -> TlsIdentity.load(ca.certificate("a"), ca.key("a"), ca.ca()))
                .isInstanceOf(TlsException.class).hasMessageContaining("certificate file " + ca.certificate("a"));
    }

    @Test
    void aMemberCertificateIsNoCertificateAuthority() {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        ca.identity("a");
        assertThatThrownBy(() -> CertificateAuthority.load(ca.certificate("a"), ca.key("a")))
                .isInstanceOf(TlsException.class).hasMessageContaining("not a certificate authority's");
    }
}
