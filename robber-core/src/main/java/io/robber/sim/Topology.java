package io.robber.sim;

/**
 * The network of a simulation: the {@link Route} of every directed member pair. A {@link LinkModel}
 * gives each pair a private link; a topology of {@link SharedRoute}s lets pairs share capacity.
 */
public interface Topology {

    /** The route from member {@code from} to member {@code to}; asked once per directed pair. */
    Route route(int from, int to);

    /**
     * Called once when the run starts, at virtual time zero: a topology whose capacities change over
     * time schedules its changes on {@code clock} here.
     */
    default void start(VirtualClock clock) {
    }
}
