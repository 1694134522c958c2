/**
 * A deterministic virtual-time network: the unchanged protocol engines of a whole group run on one
 * thread against a discrete-event {@link io.robber.sim.VirtualClock}, with every frame costing its
 * encoded size on the {@link io.robber.sim.Route} between two members. Used by the engine tests and
 * by the emulation's virtual backend; a run of 64 nodes and 600 MB takes seconds to minutes, not the
 * data's transfer time.
 */
package io.robber.sim;
