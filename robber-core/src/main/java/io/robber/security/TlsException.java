package io.robber.security;

import io.robber.api.RobberException;

/** A certificate, key or certificate authority that cannot be used for TLS, with what to do about it. */
public final class TlsException extends RobberException {
    public TlsException(String message) {
        super(message);
    }

    public TlsException(String message, Throwable cause) {
        super(message, cause);
    }
}
