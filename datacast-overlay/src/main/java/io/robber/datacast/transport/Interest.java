package io.robber.datacast.transport;

/**
 * An interest packet's payload: a receiver asks for {@code name}. A retransmission (the receiver's
 * timeout expired) passes pending interests for the same name instead of waiting behind them.
 */
public record Interest(DataName name, boolean retransmission) {
}
