import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.emulation.virtual.VirtualSetup;
import io.robber.sim.PieceTrace;
import io.robber.sim.SimResult;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * What each member of one cluster took in and sent out per time bin of one virtual-time run of Robber: MB in
 * over wide-area links, MB out over them, MB in from its own cluster. With a NODE, instead, that node's
 * wide-area intake per sending node.
 *
 * <pre>java -cp cli/target/robber.jar docs/bench/tools/NodeIntake.java SCENARIO SEED CLUSTER BIN_SECONDS [NODE] [KEY=VALUE...]</pre>
 */
public class NodeIntake {
    public static void main(String[] commandLine) {
        String[] args = VirtualSetup.positional(commandLine);
        VirtualSetup setup = VirtualSetup.of(args[0], Long.parseLong(args[1]), VirtualSetup.options(commandLine));
        String cluster = args[2];
        double bin = Double.parseDouble(args[3]);
        int node = args.length > 4 ? Integer.parseInt(args[4]) : -1;
        Manifest manifest = setup.manifest();
        Group group = setup.group();
        Map<String, double[]> rows = new TreeMap<>();
        SimResult r = setup.builder("robber").trace(new PieceTrace() {
            @Override
            public void delivered(long nanos, int from, int to, int piece) {
                int b = (int) (nanos / 1e9 / bin);
                double mb = manifest.pieceLength(piece) / 1e6;
                boolean wan = group.clusterIndex(from) != group.clusterIndex(to);
                if (node >= 0) {
                    if (to == node && wan) {
                        add(rows, String.format("%4d from %4d (%s)", to, from, clusterOf(group, from)), b, mb);
                    }
                    return;
                }
                if (clusterOf(group, to).equals(cluster)) {
                    add(rows, String.format("%4d %s", to, wan ? "in " : "lan"), b, mb);
                }
                if (wan && clusterOf(group, from).equals(cluster)) {
                    add(rows, String.format("%4d out", from), b, mb);
                }
            }
        }).run();
        int bins = (int) Math.ceil(r.completionTime() / 1e9 / bin);
        System.out.printf("%s seed %s: %.2f s; MB per %.2f s%n", args[0], args[1], r.completionTime() / 1e9, bin);
        rows.forEach((name, mb) -> {
            StringBuilder line = new StringBuilder(name);
            for (int b = 0; b < bins; b++) {
                line.append(String.format("%6.1f", b < mb.length ? mb[b] : 0));
            }
            System.out.println(line);
        });
    }

    private static String clusterOf(Group group, int member) {
        return group.clusters().get(group.clusterIndex(member));
    }

    private static void add(Map<String, double[]> rows, String row, int bin, double mb) {
        double[] bins = rows.computeIfAbsent(row, k -> new double[1]);
        if (bin >= bins.length) {
            bins = Arrays.copyOf(bins, bin + 1);
            rows.put(row, bins);
        }
        bins[bin] += mb;
    }
}
