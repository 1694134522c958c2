/**
 * The virtual-time backend: every node of an emulated network runs the unchanged engines on the
 * discrete-event network of {@code io.robber.sim}, over routes built from the same
 * {@link io.robber.emulation.model.Network} as the in-process backend — one shared link per NIC,
 * access link and cluster pair, the pair's delay, and the schedule's rate changes.
 *
 * <p>Use: {@code Benchmarks.on(Backend.VIRTUAL, settings)} for the bench, or {@link
 * io.robber.emulation.virtual.VirtualRun#run} for one group over any {@link io.robber.sim.Topology}.
 */
package io.robber.emulation.virtual;
