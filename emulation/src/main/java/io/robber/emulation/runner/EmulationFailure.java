package io.robber.emulation.runner;

import io.robber.api.RobberException;

/**
 * A run that could not take place, with one line saying why and what to do: either the machine's
 * configuration cannot work (e.g. loopback aliases missing) or something failed while setting up.
 */
public final class EmulationFailure extends RobberException {
    private final boolean configuration;

    private EmulationFailure(boolean configuration, String message, Throwable cause) {
        super(message, cause);
        this.configuration = configuration;
    }

    /** The machine or the settings cannot support the run. */
    public static EmulationFailure configuration(String message) {
        return new EmulationFailure(true, message, null);
    }

    /** Setting up the run failed. */
    public static EmulationFailure failed(String message, Throwable cause) {
        return new EmulationFailure(false, message, cause);
    }

    /** True for a configuration that cannot work, false for a failure. */
    public boolean configuration() {
        return configuration;
    }
}
