package io.robber.datacast.background;

import java.util.SplittableRandom;

/**
 * The flow-size mixes of MCTCP §5.2's background traffic, as the empirical CDFs in 1460-byte
 * packets that PIAS (Bai et al. 2015, whom the paper follows) ships: the web search workload of
 * DCTCP (Alizadeh et al. 2010) and the data mining workload of VL2 (Greenberg et al. 2009). A size
 * is drawn by inverting the CDF, linearly between its points, rounded up to whole packets.
 */
public enum FlowSizes {
    /** 15 % of flows at most 6 packets, 20 % above 1,333 packets, none above 20,000 (mean ≈ 1.7 MB). */
    WEB_SEARCH(new double[] {6, 6, 13, 19, 33, 53, 133, 667, 1333, 3333, 6667, 20000},
            new double[] {0, 0.15, 0.2, 0.3, 0.4, 0.53, 0.6, 0.7, 0.8, 0.9, 0.97, 1}),
    /** Half the flows one packet, 5 % above 2,107 packets, the largest 666,667 (mean ≈ 7.4 MB). */
    DATA_MINING(new double[] {1, 1, 2, 3, 7, 267, 2107, 66667, 666667},
            new double[] {0, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1});

    /** The packet the CDFs count in. */
    public static final int PACKET_BYTES = 1460;
    private final double[] packets;
    private final double[] cdf;

    FlowSizes(double[] packets, double[] cdf) {
        this.packets = packets;
        this.cdf = cdf;
    }

    /** A flow size in packets, at least one. */
    public int samplePackets(SplittableRandom random) {
        double u = random.nextDouble();
        for (int i = 1; i < cdf.length; i++) {
            if (u <= cdf[i]) {
                double span = cdf[i] - cdf[i - 1];
                double x = span == 0 ? packets[i] : packets[i - 1] + (u - cdf[i - 1]) / span * (packets[i] - packets[i - 1]);
                return (int) Math.max(1, Math.ceil(x - 1e-9));
            }
        }
        return (int) packets[packets.length - 1];
    }

    /** The mean size in packets, of the piecewise-linear CDF. */
    public double meanPackets() {
        double mean = 0;
        for (int i = 1; i < cdf.length; i++) {
            mean += (cdf[i] - cdf[i - 1]) * (packets[i] + packets[i - 1]) / 2;
        }
        return mean;
    }
}
