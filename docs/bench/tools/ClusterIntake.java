import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.emulation.virtual.VirtualSetup;
import io.robber.sim.PieceTrace;
import io.robber.sim.SimResult;
import java.util.List;

/**
 * Where one virtual-time run's pieces crossed between clusters: for every cluster, how many times it
 * took the data in over its wide-area links (1.00 when no piece entered it twice), its mean intake
 * rate and when its last piece from another cluster came; then the mean rate of every cluster pair's
 * traffic over the whole run (MB/s, sender in the row), to hold against the pair's link rate.
 *
 * <pre>java -cp cli/target/robber.jar docs/bench/tools/ClusterIntake.java SCENARIO [SEED] [PROTOCOL] [KEY=VALUE...]</pre>
 */
public class ClusterIntake {
    public static void main(String[] commandLine) {
        String[] args = VirtualSetup.positional(commandLine);
        String scenario = args[0];
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 42;
        String protocol = args.length > 2 ? args[2] : "robber";
        VirtualSetup setup = VirtualSetup.of(scenario, seed, VirtualSetup.options(commandLine));
        Manifest manifest = setup.manifest();
        Group group = setup.group();
        List<String> clusters = group.clusters();
        int k = clusters.size();
        long[][] bytes = new long[k][k];
        int[][] entries = new int[k][manifest.pieceCount()];
        long[] twice = new long[k];
        long[] last = new long[k];
        SimResult r = setup.builder(protocol).trace(new PieceTrace() {
            @Override
            public void delivered(long nanos, int from, int to, int piece) {
                int a = group.clusterIndex(from);
                int b = group.clusterIndex(to);
                if (a != b) {
                    bytes[a][b] += manifest.pieceLength(piece);
                    if (entries[b][piece]++ > 0) {
                        twice[b] += manifest.pieceLength(piece);
                    }
                    last[b] = Math.max(last[b], nanos);
                }
            }
        }).run();
        double seconds = r.completionTime() / 1e9;
        System.out.printf("%s %s seed %d: %.2f s%n", scenario, protocol, seed, seconds);
        for (int b = 0; b < k; b++) {
            long in = 0;
            for (int a = 0; a < k; a++) {
                in += bytes[a][b];
            }
            System.out.printf("%-10s took the data in %.2f × (again: %.2f ×), %.1f MB/s, last piece at %.2f s%n",
                    clusters.get(b), (double) in / manifest.size(), (double) twice[b] / manifest.size(),
                    in / seconds / 1e6, last[b] / 1e9);
        }
        System.out.printf("%-10s", "MB/s");
        clusters.forEach(c -> System.out.printf("%7s", abbreviated(c)));
        System.out.println();
        for (int a = 0; a < k; a++) {
            System.out.printf("%-10s", clusters.get(a));
            for (int b = 0; b < k; b++) {
                System.out.printf("%7.2f", bytes[a][b] / seconds / 1e6);
            }
            System.out.println();
        }
    }

    /** "america3" as "am3": the matrix stays narrow. */
    private static String abbreviated(String cluster) {
        String name = cluster.replaceAll("\\d+$", "");
        return name.substring(0, Math.min(2, name.length())) + cluster.substring(name.length());
    }
}
