package io.robber.emulation.runner;

import io.robber.emulation.model.Network;
import java.io.IOException;

/** Runs one multicast of one protocol over one emulated network: on real sockets in this JVM, or in virtual time. */
public interface Emulator {

    /** Runs {@code protocol} once over {@code network}; {@code boundBytesPerSecond} is its theoretical maximum. */
    RunResult run(String scenario, Network network, String protocol, int repeat, double boundBytesPerSecond)
            throws IOException, InterruptedException;
}
