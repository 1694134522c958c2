package io.robber.security;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Challenge–response on the group's shared secret. Each side of a connection sends a fresh random
 * nonce in its handshake and answers the other's nonce with HMAC-SHA256(secret, peer nonce ‖ prover
 * index ‖ verifier index ‖ session). The secret never goes on the wire; a fresh nonce per connection
 * defeats replay; naming both members binds a proof to one pair, so it cannot be relayed to a third
 * member. A node answers only after the peer's handshake passed every other check (group, protocol,
 * which side dials), so it is no oracle for strangers.
 *
 * <p>Without a secret the proof uses an empty key (HMAC pads keys with zeros, so the one-byte key
 * {@code {0}} is the empty key): nodes without a secret admit each other, and a node with a secret
 * refuses one without, exactly as it refuses a wrong secret.
 *
 * <p>This authenticates members; it does not encrypt or protect the stream against an attacker on the
 * network path. Use a VPN or a private network for that.
 */
final class SecretProof {
    private static final byte[] NO_SECRET = {0};
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;
    private final long session;

    SecretProof(byte[] secret, long session) {
        this.key = new SecretKeySpec(secret == null ? NO_SECRET : secret, "HmacSHA256");
        this.session = session;
    }

    static byte[] nonce(int length) {
        byte[] nonce = new byte[length];
        RANDOM.nextBytes(nonce);
        return nonce;
    }

    /** The proof member {@code prover} sends to {@code verifier}, who challenged it with {@code verifierNonce}. */
    byte[] prove(byte[] verifierNonce, int prover, int verifier) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            mac.update(verifierNonce);
            mac.update(ByteBuffer.allocate(16).putInt(prover).putInt(verifier).putLong(session).flip());
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks HmacSHA256", e);
        }
    }

    /** True when {@code proof} shows that {@code prover} knows the secret, answering our {@code ownNonce}. */
    boolean verify(byte[] proof, byte[] ownNonce, int prover, int verifier) {
        return MessageDigest.isEqual(proof, prove(ownNonce, prover, verifier));
    }
}
