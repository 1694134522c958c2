/**
 * The wide-area delays (and faults) in user space, where the kernel has no netem: a
 * {@link io.robber.emulation.toxi.WanProxies} plan puts a Toxiproxy proxy on each cluster's hub for
 * every service of a remote node, with latency toxics giving the model's one-way delays, and the
 * DNAT rules that send a node's connection to a remote node through its hub's proxy without the
 * node knowing. {@link io.robber.emulation.toxi.ToxiproxyApi} speaks Toxiproxy's HTTP API and
 * {@link io.robber.emulation.toxi.ToxiproxyServer} finds the server binary. Nothing here knows how
 * the hubs are built (network namespaces or containers).
 */
package io.robber.emulation.toxi;
