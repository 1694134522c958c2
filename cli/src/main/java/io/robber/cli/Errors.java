package io.robber.cli;

import io.robber.api.RobberException;
import io.robber.rendezvous.Transfers;

/** One-line descriptions of exceptions. */
public final class Errors {
    private Errors() {
    }

    /**
     * Robber's own exceptions (and {@link CliFailure}) carry one actionable line and are shown as is;
     * others show the messages of the whole cause chain, so that nothing is lost. Future wrappers are
     * skipped.
     */
    public static String describe(Throwable t) {
        Throwable e = unwrap(t);
        return e instanceof CliFailure ? e.getMessage() : Transfers.describe(e);
    }

    /** The cause inside {@code CompletionException} and {@code ExecutionException} wrappers. */
    public static Throwable unwrap(Throwable t) {
        return RobberException.unwrap(t);
    }
}
