package io.robber.rendezvous;

import io.robber.cli.CliFailure;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The shared secret of a deployment, read from {@code --secret-file}. Peers prove that they know it
 * with HMAC-SHA256 over fresh nonces of both sides; the secret itself never crosses the network.
 */
public final class Secret {
    /** Longest secret file read (64 KiB). */
    static final int MAX_BYTES = 64 << 10;
    static final int NONCE_BYTES = 32;
    static final int MAC_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();
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
     */
    public static Secret read(Path file) {
        byte[] raw;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw CliFailure.configuration("secret file " + file + " is larger than 64 KiB: use a short random "
                        + "secret, e.g. 'head -c 32 /dev/urandom | base64 > " + file + "'");
            }
            raw = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw CliFailure.configuration("secret file " + file + " does not exist: check --secret-file");
        } catch (AccessDeniedException e) {
            throw CliFailure.configuration("cannot read secret file " + file + ": permission denied");
        } catch (IOException e) {
            throw CliFailure.configuration("cannot read secret file " + file + ": " + e.getMessage());
        }
        int end = raw.length;
        while (end > 0 && Character.isWhitespace(raw[end - 1])) {
            end--;
        }
        if (end == 0) {
            throw CliFailure.configuration("secret file " + file + " is empty: put a random secret in it, e.g. "
                    + "'head -c 32 /dev/urandom | base64 > " + file + "'");
        }
        return new Secret(Arrays.copyOf(raw, end));
    }

    /** The secret's bytes, e.g. for the data channel's own handshake. */
    public byte[] bytes() {
        return bytes.clone();
    }

    static byte[] nonce() {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        return nonce;
    }

    /** The key of one control session: HMAC(secret, label | coordinator nonce | receiver nonce). */
    byte[] sessionKey(byte[] coordinatorNonce, byte[] receiverNonce) {
        return hmac(bytes, LABEL, coordinatorNonce, receiverNonce);
    }

    /** The MAC of one frame: HMAC(key, direction | sequence number | payload). */
    static byte[] frameMac(byte[] key, byte direction, long sequence, byte[] payload) {
        byte[] header = ByteBuffer.allocate(9).put(direction).putLong(sequence).array();
        return hmac(key, header, payload);
    }

    static boolean equal(byte[] a, byte[] b) {
        return MessageDigest.isEqual(a, b);
    }

    private static byte[] hmac(byte[] key, byte[]... parts) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            for (byte[] part : parts) {
                mac.update(part);
            }
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks HmacSHA256", e);
        }
    }

    @Override
    public String toString() {
        return "Secret[" + bytes.length + " bytes]";
    }
}
