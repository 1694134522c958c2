package io.robber.rendezvous;

import io.robber.security.SecretProof;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The shared secret of a deployment, read from {@code --secret-file}. Peers prove that they know it
 * with HMAC-SHA256 ({@link SecretProof}) over fresh nonces of both sides; the secret itself never
 * crosses the network.
 */
public final class Secret {
    /** Longest secret file read (64 KiB). */
    static final int MAX_BYTES = 64 << 10;
    private static final byte[] LABEL = "robber control v1".getBytes(StandardCharsets.US_ASCII);

    private final byte[] bytes;

    private Secret(byte[] bytes) {
        this.bytes = bytes;
    }

    public static Secret of(byte[] bytes) {
        if (bytes.length == 0) {
            throw new IllegalArgumentException("the secret is empty");
        }
        return new Secret(bytes.clone());
    }

    /**
     * Reads a secret file: its bytes without trailing white space (so {@code echo s3cret > f} and an
     * editor's final newline do not matter).
     *
     * @throws ConfigurationException when the file is missing, unreadable, empty or too large
     */
    public static Secret read(Path file) {
        byte[] raw;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new ConfigurationException("secret file " + file + " is larger than 64 KiB: use a short random "
                        + "secret, e.g. 'head -c 32 /dev/urandom | base64 > " + file + "'");
            }
            raw = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ConfigurationException("secret file " + file + " does not exist: check --secret-file");
        } catch (AccessDeniedException e) {
            throw new ConfigurationException("cannot read secret file " + file + ": permission denied");
        } catch (IOException e) {
            throw new ConfigurationException("cannot read secret file " + file + ": " + e.getMessage());
        }
        int end = raw.length;
        while (end > 0 && Character.isWhitespace(raw[end - 1])) {
            end--;
        }
        if (end == 0) {
            throw new ConfigurationException("secret file " + file + " is empty: put a random secret in it, e.g. "
                    + "'head -c 32 /dev/urandom | base64 > " + file + "'");
        }
        return new Secret(Arrays.copyOf(raw, end));
    }

    /** The secret's bytes, e.g. for the data channel's own handshake. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** The key of one control session: HMAC(secret, label | coordinator nonce | receiver nonce). */
    public byte[] sessionKey(byte[] coordinatorNonce, byte[] receiverNonce) {
        return SecretProof.hmac(bytes, LABEL, coordinatorNonce, receiverNonce);
    }

    @Override
    public String toString() {
        return "Secret[" + bytes.length + " bytes]";
    }
}
