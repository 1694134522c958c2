package io.robber.wire;

/** A frame that breaks the wire format; the connection that sent it is closed. */
public class MalformedFrameException extends RuntimeException {
    public MalformedFrameException(String message) {
        super(message);
    }
}
