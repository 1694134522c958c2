package io.robber.cli.demo;

import io.robber.cli.TextTable;
import io.robber.datacast.bench.TopologyBench;
import io.robber.datacast.bench.TopologyRun;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.topology.Topology;
import java.util.Locale;

/**
 * RDCM's and MCTCP's demo on a data-center topology: one run on the packet-level fabric in virtual
 * time at the topology's own rates, through {@link TopologyBench} (RDCM on the group's first Steiner
 * tree with its backup overlay, MCTCP on the group manager's tree, Reno-paced), against the ideal of
 * Datacast's edge-disjoint trees.
 */
final class FabricDemo {
    /**
     * What the run measured: one object for {@code --json}, null where a figure does not apply.
     *
     * @param trees           Datacast's edge-disjoint Steiner trees for the group, which the ideal counts
     * @param finishSeconds   when the last live receiver had everything (virtual time), null if not all did
     * @param idealSeconds    data ÷ (trees × link rate)
     * @param linkStress      data bytes over all links ÷ (data × links of the protocol's tree)
     * @param complete        every live receiver holds every packet
     */
    record Result(String protocol, String backend, String topology, String source, int receivers, long bytes,
            long seed, int trees, Double finishSeconds, double idealSeconds, Double finishOverIdeal,
            Double throughputMbps, Double linkStress, boolean complete, String error, long events,
            double wallSeconds) {
        static Result of(TopologyRun run, String source, long seed) {
            return new Result(run.protocol(), "virtual", run.topology(), source, run.receivers(), run.dataBytes(),
                    seed, run.trees(), number(run.finishSeconds()), run.idealSeconds(), number(run.ofIdeal()),
                    number(run.throughputMbps()), number(run.linkStress()), run.complete(), run.error(), run.events(),
                    run.wallSeconds());
        }

        private static Double number(double value) {
            return Double.isFinite(value) ? value : null;
        }
    }

    private FabricDemo() {
    }

    static Result run(Topology topology, String protocol, Group group, long bytes, long seed) {
        TopologyRun run = new TopologyBench(topology, bytes, seed).run(protocol, group, 1);
        return Result.of(run, group.source().name(), seed);
    }

    static String render(Result r) {
        TextTable table = new TextTable().right("finish s").right("ideal s").right("finish/ideal").right("Mbit/s")
                .right("link stress").right("events").left("complete");
        table.row(fixed(r.finishSeconds(), "%.4f"), format("%.4f", r.idealSeconds()), fixed(r.finishOverIdeal(), "%.3f"),
                fixed(r.throughputMbps(), "%.1f"), fixed(r.linkStress(), "%.4f"), r.events(),
                r.complete() ? "yes" : "NO: " + r.error());
        String tree = r.protocol().equals(TopologyBench.RDCM)
                ? "one tree at half its slowest link's rate (room for the repairs), so its best is " + 2 * r.trees()
                : "one tree, so its best is " + r.trees();
        return table.render() + format("ideal = data / (%d edge-disjoint trees at the link rate, Datacast's); %s uses "
                + "%s x ideal%nvirtual time carries no bytes: 'robber demo --protocol %s' without --topology moves and "
                + "verifies real bytes; 'robber bench --topology %s --protocols %s --html FILE' draws the rates over "
                + "time%n", r.trees(), r.protocol(), tree, r.protocol(), r.topology(), r.protocol());
    }

    private static String fixed(Double value, String pattern) {
        return value == null ? "n/a" : format(pattern, value);
    }

    private static String format(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
