package io.robber.datacast.transport;

/**
 * A data packet's payload: the packet named {@code name}. Duplicate data (the source's answer to a
 * duplicate interest, §5.2) is not cached on its way down (§5.3).
 */
public record Data(DataName name, boolean duplicate) {
}
