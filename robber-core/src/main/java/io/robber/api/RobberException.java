package io.robber.api;

/** Base of the errors Robber reports to applications. Messages are one actionable line. */
public class RobberException extends RuntimeException {
    public RobberException(String message) {
        super(message);
    }

    public RobberException(String message, Throwable cause) {
        super(message, cause);
    }
}
