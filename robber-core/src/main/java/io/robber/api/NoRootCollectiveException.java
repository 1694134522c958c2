package io.robber.api;

/**
 * No collective holds all data between its members (Robber paper §3.3.2, Definition 1), so the
 * receiver-initiated protocols could deadlock. Raised on every node instead of a hang.
 */
public class NoRootCollectiveException extends ProtocolException {
    public NoRootCollectiveException(String message) {
        super(message);
    }
}
