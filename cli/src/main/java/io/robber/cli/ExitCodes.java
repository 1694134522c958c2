package io.robber.cli;

/** The exit codes of every {@code robber} command. */
public final class ExitCodes {
    public static final int OK = 0;
    /** The transfer failed or a copy did not verify. */
    public static final int FAILED = 1;
    /** Bad arguments or a configuration that cannot work. */
    public static final int USAGE = 2;

    private ExitCodes() {
    }
}
