package io.robber.wire;

/**
 * The first frame on every connection, in both directions: wire version, protocol name, session id
 * (a digest of the group, so nodes of different groups never talk) and the sender's member index.
 */
public record Handshake(int version, String protocol, long session, int member) {
    public static final int MAGIC = 0x52424252; // "RBBR"
    public static final int VERSION = 1;
    public static final int MAX_PROTOCOL_NAME = 64;
}
