package io.robber.rendezvous.control;

/** Why a coordinator refused a receiver; the code travels in {@link ControlMessage.Refused}. */
public enum Refusal {
    /** The receiver could not prove it knows the shared secret. */
    AUTH,
    /** The receiver speaks another version of the control protocol. */
    VERSION,
    /** Its id or data address is taken, or does not match the group file. */
    CONFLICT,
    /** Enough receivers have registered, or the transfer has started. */
    FULL,
    /** Too many connections had not registered yet, and this one, the oldest, gave way. */
    BUSY,
    /** The coordinator requires TLS and the receiver connected without it. */
    TLS,
    /** Anything else wrong with the registration. */
    INVALID;

    public String code() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static Refusal of(String code) {
        for (Refusal r : values()) {
            if (r.code().equals(code)) {
                return r;
            }
        }
        return INVALID;
    }
}
