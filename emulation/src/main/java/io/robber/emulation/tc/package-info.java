/**
 * The emulated network as Linux traffic control: a {@link io.robber.emulation.tc.ShapingPlan}
 * computed from a scenario (the Robber paper's Fig. 7 chain as HTB classes, u32 filters and IFB
 * devices), the {@link io.robber.emulation.tc.AddressPlan} it relies on, and a
 * {@link io.robber.emulation.tc.NetemProbe} that finds out whether the kernel can add the one-way
 * delays itself. The plan is text (the exact {@code ip} and {@code tc} command lines per host), so
 * that network namespaces and containers can apply the same one.
 */
package io.robber.emulation.tc;
