package io.robber.rendezvous;

import io.robber.api.RobberException;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Small helpers shared by the transfers: one-line descriptions of failures. */
public final class Transfers {
    private Transfers() {
    }

    /** True when the failure (anywhere in its cause chain or message) is ENOSPC. */
    public static boolean isDiskFull(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            String m = c instanceof FileSystemException f ? f.getReason() + " " + f.getMessage() : c.getMessage();
            if (m != null && (m.contains("No space left on device") || m.toLowerCase(Locale.ROOT).contains("disk full")
                    || m.contains("ENOSPC"))) {
                return true;
            }
        }
        return false;
    }

    public static String ioMessage(IOException e) {
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /** One line for a failure; ENOSPC becomes the disk-full line for {@code out}. */
    public static String describe(Throwable t, String out) {
        if (out != null && isDiskFull(t)) {
            return "disk full writing " + out + ": free space or choose another --out";
        }
        return describe(t);
    }

    /**
     * Robber's own exceptions carry one actionable line and are shown as is; others show the messages
     * of the whole cause chain, so that nothing is lost. Future wrappers are skipped.
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
