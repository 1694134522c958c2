package io.robber.security;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.SecureRandom;

/**
 * Proofs of knowing a shared secret, with HMAC-SHA256 ({@link HmacSha256}): the one place the project
 * computes them, for the data channel's handshake ({@link #prove}, {@link #verify}) and for the
 * rendezvous' control channel ({@link #hmac}).
 *
 * <p>Challenge–response on the group's shared secret. Each side of a connection sends a fresh random
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
public final class SecretProof {
    /** Bytes of every proof and MAC: the length of an HMAC-SHA256. */
    public static final int LENGTH = 32;
    private static final byte[] NO_SECRET = {0};
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] key;
    private final long session;

    public SecretProof(byte[] secret, long session) {
        this.key = secret == null ? NO_SECRET : secret.clone();
        this.session = session;
    }

    /** {@code length} bytes from a {@link SecureRandom}. */
    public static byte[] nonce(int length) {
        byte[] nonce = new byte[length];
        RANDOM.nextBytes(nonce);
        return nonce;
    }

    /** The proof member {@code prover} sends to {@code verifier}, who challenged it with {@code verifierNonce}. */
    public byte[] prove(byte[] verifierNonce, int prover, int verifier) {
        return hmac(key, verifierNonce, ByteBuffer.allocate(16).putInt(prover).putInt(verifier).putLong(session).array());
    }

    /** True when {@code proof} shows that {@code prover} knows the secret, answering our {@code ownNonce}. */
    public boolean verify(byte[] proof, byte[] ownNonce, int prover, int verifier) {
        return equal(proof, prove(ownNonce, prover, verifier));
    }

    /** HMAC-SHA256 under {@code key} over {@code parts} in order. */
    public static byte[] hmac(byte[] key, byte[]... parts) {
        return HmacSha256.mac(key, parts);
    }

    /** Compares two proofs in time independent of where they differ. */
    public static boolean equal(byte[] a, byte[] b) {
        return MessageDigest.isEqual(a, b);
    }
}
