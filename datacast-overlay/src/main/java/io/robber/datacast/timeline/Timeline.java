package io.robber.datacast.timeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * A session's rates over time, as the papers' figures plot them (RDCM's Fig. 15, MCTCP's Figs. 9–10):
 * the bytes a sender sent and each receiver received, in bins of {@code binNanos}, a receiver's
 * split by the way they came: down the tree or over the overlay (RDCM's repairs). Only new data
 * counts as received; a sender's bytes include what it sends again.
 */
public final class Timeline {
    /** What a series counts. */
    public enum Kind {
        /** Data a sender put on the network. */
        SENT("sent"),
        /** New data a receiver got down the multicast tree. */
        TREE("tree"),
        /** New data a receiver got over the backup overlay. */
        OVERLAY("overlay");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** One series: a node's bytes of one kind. */
    public record Series(int node, Kind kind) {
        private static final Comparator<Series> ORDER = Comparator.comparing((Series s) -> s.kind() != Kind.SENT)
                .thenComparingInt(Series::node).thenComparing(Series::kind);
    }

    private final long binNanos;
    private final Map<Series, long[]> bytes = new TreeMap<>(Series.ORDER);
    private int bins;

    public Timeline(long binNanos) {
        if (binNanos < 1) {
            throw new IllegalArgumentException("a timeline's bin must be at least 1 ns, got " + binNanos);
        }
        this.binNanos = binNanos;
    }

    /** {@code node} sent {@code size} bytes of data at {@code now}. */
    public void sent(long now, int node, int size) {
        add(new Series(node, Kind.SENT), now, size);
    }

    /** {@code node} received {@code size} bytes of new data at {@code now}, the way {@code kind} says. */
    public void received(long now, int node, Kind kind, int size) {
        if (kind == Kind.SENT) {
            throw new IllegalArgumentException("received data comes down the tree or over the overlay");
        }
        add(new Series(node, kind), now, size);
    }

    private void add(Series series, long now, long size) {
        int bin = (int) (now / binNanos);
        long[] counts = bytes.computeIfAbsent(series, s -> new long[Math.max(16, bin + 1)]);
        if (bin >= counts.length) {
            counts = Arrays.copyOf(counts, Math.max(bin + 1, counts.length * 2));
            bytes.put(series, counts);
        }
        counts[bin] += size;
        bins = Math.max(bins, bin + 1);
    }

    /**
     * This timeline in at most {@code maxBins} bins, each a whole number of this one's (rates are the
     * averages over the bins merged); this one if it has no more.
     */
    public Timeline coarsened(int maxBins) {
        if (maxBins < 1) {
            throw new IllegalArgumentException("a timeline needs at least one bin, got " + maxBins);
        }
        if (bins <= maxBins) {
            return this;
        }
        int factor = (bins + maxBins - 1) / maxBins;
        Timeline coarse = new Timeline(binNanos * factor);
        for (Map.Entry<Series, long[]> entry : bytes.entrySet()) {
            long[] counts = entry.getValue();
            for (int bin = 0; bin < Math.min(bins, counts.length); bin++) {
                if (counts[bin] > 0) {
                    coarse.add(entry.getKey(), bin * binNanos, counts[bin]);
                }
            }
        }
        return coarse;
    }

    public long binNanos() {
        return binNanos;
    }

    /** Bins from time 0 to the last one anything happened in. */
    public int bins() {
        return bins;
    }

    /** Every series recorded, senders first, then by node and kind. */
    public List<Series> series() {
        return new ArrayList<>(bytes.keySet());
    }

    /** The series' rate in bin {@code bin}, Mbit/s (0 where nothing happened). */
    public double mbps(Series series, int bin) {
        long[] counts = bytes.get(series);
        long size = counts == null || bin >= counts.length ? 0 : counts[bin];
        return size * 8e3 / binNanos;
    }

    /** A receiver's rate in bin {@code bin} over the tree and the overlay together, Mbit/s. */
    public double receivedMbps(int node, int bin) {
        return mbps(new Series(node, Kind.TREE), bin) + mbps(new Series(node, Kind.OVERLAY), bin);
    }

    /**
     * The timeline as CSV, one row per bin: its start in seconds, then one column per series, named
     * {@code <node> <kind> Mbit/s} with the node named by {@code names}.
     */
    public String csv(IntFunction<String> names) {
        List<Series> all = series();
        StringBuilder out = new StringBuilder("seconds");
        for (Series s : all) {
            out.append(',').append(names.apply(s.node()).replace(',', ' ')).append(' ').append(s.kind().label())
                    .append(" Mbit/s");
        }
        out.append('\n');
        for (int bin = 0; bin < bins; bin++) {
            out.append(String.format(Locale.ROOT, "%.6f", bin * binNanos / 1e9));
            for (Series s : all) {
                out.append(String.format(Locale.ROOT, ",%.3f", mbps(s, bin)));
            }
            out.append('\n');
        }
        return out.toString();
    }
}
