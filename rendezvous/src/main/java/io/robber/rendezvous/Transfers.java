package io.robber.rendezvous;

import io.robber.api.RobberException;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.util.Locale;

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

    /** One line for any failure ({@link RobberException#describe}). */
    public static String describe(Throwable t) {
        return RobberException.describe(t);
    }
}
