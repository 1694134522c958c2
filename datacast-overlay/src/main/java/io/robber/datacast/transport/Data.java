package io.robber.datacast.transport;

import java.nio.ByteBuffer;

/**
 * A data packet's payload: the packet named {@code name}, and on loopback its bytes (read-only; null
 * in virtual time, where data carry no bytes). Duplicate data (the source's answer to a duplicate
 * interest, §5.2) is not cached on its way down (§5.3).
 */
public record Data(DataName name, boolean duplicate, ByteBuffer bytes) {
    /** Data without bytes, as in virtual time. */
    public Data(DataName name, boolean duplicate) {
        this(name, duplicate, null);
    }
}
