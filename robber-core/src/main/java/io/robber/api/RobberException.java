package io.robber.api;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Base of the errors Robber reports to applications. Messages are one actionable line. */
public class RobberException extends RuntimeException {
    public RobberException(String message) {
        super(message);
    }

    public RobberException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * Any failure in one line: Robber's own exceptions carry one actionable line and are shown as is;
     * others show the messages of the whole cause chain, so that nothing is lost. Future wrappers are
     * skipped.
     */
    public static String describe(Throwable t) {
        Throwable e = unwrap(t);
        if (e instanceof RobberException) {
            return String.valueOf(e.getMessage());
        }
        StringBuilder line = new StringBuilder();
        for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (line.length() > 0) {
                line.append(" <- ");
            }
            line.append(c.getClass().getSimpleName());
            if (c.getMessage() != null) {
                line.append(": ").append(c.getMessage());
            }
        }
        return line.toString();
    }

    /** The cause inside {@link CompletionException} and {@link ExecutionException} wrappers. */
    public static Throwable unwrap(Throwable t) {
        Throwable e = t;
        while ((e instanceof CompletionException || e instanceof ExecutionException) && e.getCause() != null) {
            e = e.getCause();
        }
        return e;
    }
}
