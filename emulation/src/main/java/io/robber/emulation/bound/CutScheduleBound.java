package io.robber.emulation.bound;

import io.robber.emulation.model.Network;
import io.robber.planning.Capacities;
import io.robber.planning.MinCutBound;
import java.util.ArrayList;
import java.util.List;

/**
 * A strict upper bound on the multicast rate of a network whose capacities change on a schedule: the
 * cut bound over time. Unlike {@link ScheduleBound}, the paper's yardstick, it lets every relay cluster
 * keep what it received in one stretch and forward it in a later one, and it lets a cluster's out
 * capacity serve each destination in full ({@link MinCutBound}), so no protocol can beat it: the data
 * is done no earlier than the first time T at which the maximum flow over time from the root cluster
 * to every other cluster reaches the data size ({@link MinCutBound#overTime}). For a static network it
 * is the data size over {@link MinCutBound}; where a tree packing cannot reach the cuts (clusters whose
 * uploads must feed several children) it lies above the tree-packing bound.
 */
public final class CutScheduleBound {
    /** Emulated time after which a schedule that has not delivered the data is given up. */
    public static final long DEFAULT_HORIZON_NANOS = ScheduleBound.DEFAULT_HORIZON_NANOS;
    private static final double NANOS_PER_SECOND = 1e9;
    private static final double RELATIVE_PRECISION = 1e-9;

    private CutScheduleBound() {
    }

    /**
     * @param dataSize bytes multicast
     * @param seconds  the earliest time every cluster can hold all data
     */
    public record Result(long dataSize, double seconds) {
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
     * The earliest time {@code network}'s data can be everywhere: the data size over the cut for a
     * static network; with a schedule, found by doubling a time until the flow over time reaches the
     * data size, then bisecting.
     *
     * @throws IllegalStateException if the data cannot be delivered within {@code horizonNanos}
     */
    public static Result of(Network network, long horizonNanos) {
        double size = network.dataSize();
        double horizon = horizonNanos / NANOS_PER_SECOND;
        double first = MinCutBound.of(network.at(0));
        if (network.changeTimes(horizonNanos).isEmpty() && first > 0) {
            double seconds = size / first;
            if (seconds > horizon) {
                throw cannotDeliver(network, horizon);
            }
            return new Result(network.dataSize(), seconds);
        }
        double high = Math.min(horizon, first > 0 && Double.isFinite(first) ? size / first : 1);
        while (deliverable(network, high) < size) {
            if (high >= horizon) {
                throw cannotDeliver(network, horizon);
            }
            high = Math.min(2 * high, horizon);
        }
        double low = 0;
        while (high - low > RELATIVE_PRECISION * high) {
            double mid = (low + high) / 2;
            if (deliverable(network, mid) >= size) {
                high = mid;
            } else {
                low = mid;
            }
        }
        return new Result(network.dataSize(), high);
    }

    private static IllegalStateException cannotDeliver(Network network, double horizon) {
        return new IllegalStateException("scenario " + network.name() + " cannot deliver " + network.dataSize()
                + " bytes within " + horizon + " s even with relays that store data");
    }

    /** The most bytes every cluster can hold {@code seconds} after the start. */
    static double deliverable(Network network, double seconds) {
        long end = (long) Math.ceil(seconds * NANOS_PER_SECOND);
        List<MinCutBound.Stretch> stretches = new ArrayList<>();
        long start = 0;
        for (long change : network.changeTimes(end)) {
            if (change >= end) {
                break;
            }
            stretches.add(stretch(network.at(start), start, change));
            start = change;
        }
        stretches.add(stretch(network.at(start), start, end));
        return MinCutBound.overTime(stretches);
    }

    private static MinCutBound.Stretch stretch(Capacities capacities, long start, long end) {
        return new MinCutBound.Stretch(capacities, (end - start) / NANOS_PER_SECOND);
    }
}
