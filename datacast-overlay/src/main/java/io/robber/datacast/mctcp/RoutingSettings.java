package io.robber.datacast.mctcp;

/**
 * The group manager's routing knobs (§3.2): the routing (MCTCP-S or -W), η for B_a = max(η·B, mean
 * group rate), α for MCTCP-W's adjustment test B_new > B_g·(1 + α), W_thr above which a link is
 * overloaded (Algorithm 1; the paper gives no value), Eq. (1)'s model, the link monitor's polling
 * interval (the adjustment period) and whether adjustment runs at all (off: trees change only on
 * link failures, as with IGMP-era multicast).
 */
public record RoutingSettings(Routing routing, double eta, double alpha, double overloadWeight, LinkWeight weight,
        long intervalNanos, boolean adjust) {
    /** MCTCP-W: η = 0.1, α = 0.3, W_thr = 0.9, F = 0.4·B, polled every 100 ms, adjusting. */
    public static final RoutingSettings DEFAULT = new RoutingSettings(Routing.SHORTEST_WIDEST_PATH, 0.1, 0.3, 0.9,
            LinkWeight.DEFAULT, 100_000_000L, true);

    public RoutingSettings withRouting(Routing other) {
        return new RoutingSettings(other, eta, alpha, overloadWeight, weight, intervalNanos, adjust);
    }

    public RoutingSettings withInterval(long nanos) {
        return new RoutingSettings(routing, eta, alpha, overloadWeight, weight, nanos, adjust);
    }

    public RoutingSettings withAdjust(boolean on) {
        return new RoutingSettings(routing, eta, alpha, overloadWeight, weight, intervalNanos, on);
    }
}
