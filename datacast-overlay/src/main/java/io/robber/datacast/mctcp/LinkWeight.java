package io.robber.datacast.mctcp;

/**
 * MCTCP's link weight, Eq. (1): below saturation a link weighs its measured load, {@code R/B}; once
 * the measured rate reaches {@code saturation·B} the real load may be heavier than the link can
 * show, so it is estimated from the flows on it, {@code max(1, n·F/B)}, with {@code F} the rate a
 * single flow brings.
 *
 * @param flowShare F/B, the share of a link one flow fills (the paper's default F = 0.4·B)
 * @param saturation the share of B above which a link counts as saturated (the paper's "such as 95%")
 */
public record LinkWeight(double flowShare, double saturation) {
    /** F = 0.4·B, saturated from 95 % of B. */
    public static final LinkWeight DEFAULT = new LinkWeight(0.4, 0.95);

    /** The weight of a link of capacity {@code capacity} measured at {@code rate} with {@code flows} flows on it. */
    public double of(double rate, double capacity, int flows) {
        return rate < saturation * capacity ? rate / capacity : Math.max(1, flows * flowShare);
    }
}
