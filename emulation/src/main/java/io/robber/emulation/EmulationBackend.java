package io.robber.emulation;

import io.robber.api.Group;
import io.robber.transport.LinkCustomizer;

/**
 * A network emulation for one run: the group of emulated nodes, the per-connection handlers that
 * impose the network on them, and the clock start of the schedule.
 */
public interface EmulationBackend extends AutoCloseable {

    /** The emulated nodes; node 0 of the first cluster is the root. */
    Group group();

    /** Shapes and delays the connections between clusters. */
    LinkCustomizer links();

    /** Time zero of the scenario's schedule: the moment the multicast starts. */
    void start();

    @Override
    void close();

    /** No emulation: the group on plain loopback, connections left alone. */
    static EmulationBackend unshaped(Group group) {
        return new EmulationBackend() {
            @Override
            public Group group() {
                return group;
            }

            @Override
            public LinkCustomizer links() {
                return LinkCustomizer.NONE;
            }

            @Override
            public void start() {
            }

            @Override
            public void close() {
            }
        };
    }
}
