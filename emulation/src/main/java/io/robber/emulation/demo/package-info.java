/**
 * {@code robber demo} as a library: a generated data set from one root to C × M nodes in this JVM,
 * on either backend, over a scenario or unshaped connections, with per-node results.
 */
package io.robber.emulation.demo;
