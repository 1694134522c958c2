package io.robber.rendezvous;

/**
 * A transfer that failed: a peer or the coordinator unreachable or lost, too few receivers within
 * the wait, a copy that did not verify, a full disk, a timeout.
 */
public final class TransferFailedException extends RendezvousException {
    public TransferFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
