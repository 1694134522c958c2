package io.robber.rendezvous;

import io.robber.api.RobberException;

/**
 * A push or a receive that could not be done: its message is one line saying what went wrong and
 * what to do. {@link ConfigurationException} means the setup cannot work (fix it and retry);
 * {@link TransferFailedException} means the transfer itself failed.
 */
public abstract class RendezvousException extends RobberException {
    protected RendezvousException(String message, Throwable cause) {
        super(message, cause);
    }
}
