package io.robber.datacast.mctcp.channel;

/** The {@code mctcp} protocol's own messages, coded by {@link McTcpCodec}. */
sealed interface McTcpMessage {

    /**
     * §3.1.2: the receiver holds every piece below {@code cumulative}, sent to the source for every
     * piece it gets, a duplicate included (three duplicates in a row signal a loss). Who ACKs is the
     * connection's member, never a field.
     */
    record Ack(int cumulative) implements McTcpMessage {
    }
}
