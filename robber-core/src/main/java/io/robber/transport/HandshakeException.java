package io.robber.transport;

/** A peer failed the handshake: wrong group, version, protocol, or an unexpected member. */
final class HandshakeException extends RuntimeException {
    HandshakeException(String message) {
        super(message);
    }
}
