package io.robber.security;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * HMAC-SHA256 (RFC 2104) over the JDK's SHA-256 {@link MessageDigest}.
 *
 * <p>The JDK's own {@code Mac} gives the same bytes, but its first use in a process initialises the JCE
 * framework: the jurisdiction policy files are parsed and the provider is verified, some 30–80 ms of a
 * receiver's start-up on two cores, for one HMAC per control frame. SHA-256 comes from the {@code SUN}
 * provider, which the manifest's digests load anyway. The construction is the RFC's, and the tests check
 * it against RFC 4231's vectors and against {@code Mac}.
 */
final class HmacSha256 {
    private static final int BLOCK = 64;
    private static final byte IPAD = 0x36;
    private static final byte OPAD = 0x5c;

    private HmacSha256() {
    }

    /** HMAC-SHA256 under {@code key} over {@code parts} in order. */
    static byte[] mac(byte[] key, byte[]... parts) {
        MessageDigest sha = sha256();
        byte[] block = new byte[BLOCK];
        byte[] shortKey = key.length > BLOCK ? sha.digest(key) : key;
        System.arraycopy(shortKey, 0, block, 0, shortKey.length);
        for (int i = 0; i < BLOCK; i++) {
            block[i] ^= IPAD;
        }
        sha.update(block);
        for (byte[] part : parts) {
            sha.update(part);
        }
        byte[] inner = sha.digest();
        for (int i = 0; i < BLOCK; i++) {
            block[i] ^= IPAD ^ OPAD;
        }
        sha.update(block);
        return sha.digest(inner);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }
}
