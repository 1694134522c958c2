package io.robber.api;

/** A multicast operation that cannot succeed, with a message that says why and what to do. */
public class ProtocolException extends RobberException {
    public ProtocolException(String message) {
        super(message);
    }
}
