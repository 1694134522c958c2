package io.robber.emulation.runner;

import io.robber.api.RobberException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** One-line descriptions of what went wrong in a run. */
public final class Failures {
    private Failures() {
    }

    /**
     * Robber's own exceptions carry one actionable line and are shown as is; others show the messages
     * of the whole cause chain. Future wrappers are skipped.
     */
    public static String describe(Throwable t) {
        Throwable e = t;
        while ((e instanceof CompletionException || e instanceof ExecutionException) && e.getCause() != null) {
            e = e.getCause();
        }
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
}
