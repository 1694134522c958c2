package io.robber.cli;

/**
 * A failure a command reports as one line on stderr, with its exit code. The message says what
 * went wrong and what to do.
 */
public final class CliFailure extends RuntimeException {
    private final int exitCode;

    private CliFailure(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** A configuration that cannot work: exit code {@value ExitCodes#USAGE}. */
    public static CliFailure configuration(String message) {
        return new CliFailure(ExitCodes.USAGE, message, null);
    }

    /** A transfer or verification that failed: exit code {@value ExitCodes#FAILED}. */
    public static CliFailure failed(String message, Throwable cause) {
        return new CliFailure(ExitCodes.FAILED, message, cause);
    }

    public int exitCode() {
        return exitCode;
    }
}
