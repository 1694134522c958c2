/**
 * The in-process emulation backend: all nodes of an emulated network in one JVM, on real TCP
 * connections between their own loopback addresses, with the network of a scenario imposed by
 * Netty handlers ({@link io.robber.transport.LinkCustomizer}).
 *
 * <p>Use: {@code EmulatedNetwork net = EmulatedNetwork.create(network, port)}; open one channel per
 * member of {@code net.group()} with {@code RobberTransport.open(config,
 * TransportOptions.defaults(runtime).withLinks(net.links()))} on a shared runtime; call
 * {@code net.start()} when the multicast starts, so the schedule runs from there; read
 * {@code net.wanBytesIn()} for the report; close the network after the channels.
 *
 * <p>Why own shapers rather than Netty's traffic shaping handlers: those count bytes per check
 * interval and send whole messages at once, so a 1 MiB piece at 1 MB/s arrives as one burst at
 * loopback speed once a second, and they know neither a chain of links nor shared links between
 * different connections. Here every emulated link is a {@link io.robber.emulation.inprocess.RateBucket}
 * in virtual time, data moves in 16 KiB chunks, and the delay is a separate line.
 */
package io.robber.emulation.inprocess;
