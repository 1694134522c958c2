package io.robber.wire;

import java.util.Arrays;

/**
 * The second frame on every connection, in both directions: the sender's proof that it knows the
 * group's secret, an HMAC-SHA256 over the peer's handshake nonce (see
 * {@code io.robber.security.SecretProof}). The secret itself never goes on the wire.
 */
public record Auth(byte[] proof) {
    public static final int PROOF_LENGTH = 32;

    public Auth {
        if (proof.length != PROOF_LENGTH) {
            throw new IllegalArgumentException("proof must be " + PROOF_LENGTH + " bytes, got " + proof.length);
        }
        proof = proof.clone();
    }

    @Override
    public byte[] proof() {
        return proof.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Auth a && Arrays.equals(proof, a.proof);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(proof);
    }

    @Override
    public String toString() {
        return "Auth[32 bytes]";
    }
}
