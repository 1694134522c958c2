/**
 * Data-plane benchmarks behind {@code robber bench --data-plane}: the wire codec, the piece digest and
 * the piece exchange's bookkeeping, each measured alone ({@link io.robber.emulation.perf.DataPlaneBench})
 * with warm-up and measured iterations ({@link io.robber.emulation.perf.Timing}).
 */
package io.robber.emulation.perf;
