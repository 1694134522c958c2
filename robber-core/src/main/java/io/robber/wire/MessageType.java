package io.robber.wire;

/** Frame type codes. Codes are part of the wire format: never renumber one. */
public enum MessageType {
    HANDSHAKE(1),
    DESIRE(2),
    BITFIELD(3),
    HAVE(4),
    REQUEST(5),
    PIECE(6),
    STEAL(7),
    WORK(8),
    FOUND_WORK(9),
    POSSESSION(10),
    DONE(11),
    AUTH(12),
    DEAD(13),
    CHOKE(14),
    INTEREST(15),
    PROTOCOL(16),
    KEEP_ALIVE(17);

    private static final MessageType[] BY_CODE = new MessageType[18];

    static {
        for (MessageType t : values()) {
            BY_CODE[t.code] = t;
        }
    }

    private final int code;

    MessageType(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The type with this code, or {@code null} for an unknown code. */
    public static MessageType of(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
