package io.robber.datacast.rdcm;

/** §3.5's report from {@code receiver} to the sender: it expects the packets below {@code highest} within a round. */
public record RdcmExpected(int receiver, int highest) {
}
