package io.robber.wire;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * The first frame on every connection, in both directions: wire version, protocol name, session id
 * (a digest of the group, so nodes of different groups never talk), the sender's member index and a
 * fresh random nonce, the challenge the peer answers with its {@link Auth} proof.
 */
public record Handshake(int version, String protocol, long session, int member, byte[] nonce) {
    public static final int MAGIC = 0x52424252; // "RBBR"
    /**
     * 8: Robber's members report their round trips to other clusters to each other; 7: a have names
     * its pieces as varint gaps; 6: keep-alive frames on idle connections; 5: possessions and done
     * members gossiped in batches, member sets as bitmaps or index gaps, Robber's wish/grant messages
     * name pieces as gaps; 4: Robber relays between clusters with its own wish/grant messages;
     * 3: coalesced have.
     */
    public static final int VERSION = 8;
    public static final int MAX_PROTOCOL_NAME = 64;
    public static final int NONCE_LENGTH = 32;

    public Handshake {
        Objects.requireNonNull(protocol, "protocol");
        if (nonce.length != NONCE_LENGTH) {
            throw new IllegalArgumentException("nonce must be " + NONCE_LENGTH + " bytes, got " + nonce.length);
        }
        nonce = nonce.clone();
    }

    @Override
    public byte[] nonce() {
        return nonce.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Handshake h && version == h.version && protocol.equals(h.protocol) && session == h.session
                && member == h.member && Arrays.equals(nonce, h.nonce);
    }

    @Override
    public int hashCode() {
        return Objects.hash(version, protocol, session, member, Arrays.hashCode(nonce));
    }

    @Override
    public String toString() {
        return "Handshake[version=" + version + ", protocol=" + protocol + ", session=" + Long.toHexString(session)
                + ", member=" + member + ", nonce=" + HexFormat.of().formatHex(nonce, 0, 4) + "...]";
    }
}
