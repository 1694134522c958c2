package io.robber.emulation.bound;

import io.robber.planning.BranchingBound;
import io.robber.emulation.model.Network;
import java.util.ArrayList;
import java.util.List;

/**
 * The theoretical best completion time of a network whose capacities change on a schedule, as the
 * Robber paper computes it for its dynamic scenarios (§4.2.1): "the theoretical algorithm can adapt
 * instantly to the optimal strategy in each new situation". Between two change points the network
 * is static and delivers at its tree-packing bound ({@link BranchingBound#rate}); the data is done at the time T where
 * ∫₀ᵀ bound(t) dt reaches the data size, and the effective rate is dataSize / T. For a static
 * network this is the tree-packing bound itself. Data in flight is not modelled (no delays).
 *
 * <p>This is the paper's yardstick, not a strict upper bound: it assumes every byte delivered in an
 * interval crosses the network within that interval, but a relay cluster can buffer data while its
 * in-links are fast and forward it when its out-links recover. With tc1-mayhem's fluctuations Robber
 * and MOB measured 110–113 % of it. A strict bound with storage would be, per destination, the
 * minimum over cuts of the time-integrated cut capacity.
 */
public final class ScheduleBound {
    /** Emulated time after which a schedule that has not delivered the data is given up. */
    public static final long DEFAULT_HORIZON_NANOS = 24L * 3600 * 1_000_000_000L;
    private static final double NANOS_PER_SECOND = 1e9;

    private ScheduleBound() {
    }

    /**
     * One stretch of constant capacities that the data used.
     *
     * @param startNanos when it began
     * @param endNanos   when it ended, or when the data was done (rounded up to a nanosecond)
     * @param rate       the tree-packing bound during it, bytes per second
     */
    public record Phase(long startNanos, long endNanos, double rate) {
    }

    /**
     * @param dataSize bytes multicast
     * @param seconds  the earliest time the last cluster can hold all data
     * @param phases   the stretches of constant capacity until then
     */
    public record Result(long dataSize, double seconds, List<Phase> phases) {

        public Result {
            phases = List.copyOf(phases);
        }

        /** The effective rate, dataSize / seconds, in bytes per second (+∞ if done at once). */
        public double rate() {
            return dataSize / seconds;
        }
    }

    /** {@link #of(Network, long)} within {@link #DEFAULT_HORIZON_NANOS}. */
    public static Result of(Network network) {
        return of(network, DEFAULT_HORIZON_NANOS);
    }

    /**
     * The best completion time of {@code network}'s data over its schedule.
     *
     * @throws IllegalStateException if the data cannot be delivered within {@code horizonNanos}
     *                               (capacity zero for good, or a periodic schedule that is too slow)
     */
    public static Result of(Network network, long horizonNanos) {
        double remaining = network.dataSize();
        List<Phase> phases = new ArrayList<>();
        long start = 0;
        for (long end : network.changeTimes(horizonNanos)) {
            double rate = BranchingBound.rate(network.at(start));
            double delivered = rate * ((end - start) / NANOS_PER_SECOND);
            if (delivered >= remaining) {
                return finish(network, start, remaining, rate, phases, horizonNanos);
            }
            remaining -= delivered;
            phases.add(new Phase(start, end, rate));
            start = end;
        }
        double rate = BranchingBound.rate(network.at(start));
        return finish(network, start, remaining, rate, phases, horizonNanos);
    }

    /** The stretch from {@code start} at {@code rate} delivers the rest, unless the horizon comes first. */
    private static Result finish(Network network, long start, double remaining, double rate, List<Phase> phases,
                                 long horizonNanos) {
        double done = start / NANOS_PER_SECOND + remaining / rate;
        if (!(rate > 0) || done * NANOS_PER_SECOND > horizonNanos) {
            throw new IllegalStateException("scenario " + network.name() + " cannot deliver " + network.dataSize()
                    + " bytes within " + horizonNanos / NANOS_PER_SECOND + " s: " + remaining + " bytes left at "
                    + start / NANOS_PER_SECOND + " s, at " + rate + " bytes/s");
        }
        phases.add(new Phase(start, (long) Math.ceil(done * NANOS_PER_SECOND), rate));
        return new Result(network.dataSize(), done, phases);
    }
}
