package io.robber.emulation.runner;

import io.robber.emulation.model.Network;
import java.io.IOException;

/** Runs one multicast of one protocol over one emulated network: on real sockets in this JVM, or in virtual time. */
public interface Emulator {

    /**
     * Fails, before anything runs, when {@link #run} would refuse {@code protocol} over {@code network}
     * with this emulator's settings, e.g. for a protocol option that no protocol reads or that has a bad value.
     *
     * @throws IllegalArgumentException naming the problem, in one line
     */
    void check(Network network, String protocol);

    /** Runs {@code protocol} once over {@code network}; {@code boundBytesPerSecond} is its theoretical maximum. */
    RunResult run(String scenario, Network network, String protocol, int repeat, double boundBytesPerSecond)
            throws IOException, InterruptedException;
}
