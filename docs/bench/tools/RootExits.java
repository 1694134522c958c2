import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.emulation.virtual.VirtualSetup;
import io.robber.sim.PieceTrace;
import io.robber.sim.SimResult;
import java.util.Arrays;
import java.util.List;

/**
 * How often each piece left the root's continent and the root's cluster (TC2: a cluster's continent is its
 * name without the trailing digits), the mean rate of every cluster pair over the run, and how long after
 * the first request out of the root's continent each repeat request came, by who repeated it (the same
 * cluster, a sibling on the first requester's continent, another continent). In TC2 with two clusters per
 * continent the root's continent sends out exactly what the bound needs: a piece that leaves it twice
 * costs the bound directly.
 *
 * <pre>java -cp cli/target/robber.jar docs/bench/tools/RootExits.java SCENARIO [PROTOCOL] [SEED] [KEY=VALUE...]</pre>
 */
public class RootExits {
    private static final long[] GAPS = {200_000_000L, 500_000_000L, 1_000_000_000L, 2_000_000_000L};

    public static void main(String[] commandLine) {
        String[] args = VirtualSetup.positional(commandLine);
        String scenario = args[0];
        String protocol = args.length > 1 ? args[1] : "robber";
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 42;
        VirtualSetup setup = VirtualSetup.of(scenario, seed, VirtualSetup.options(commandLine));
        Manifest manifest = setup.manifest();
        Group group = setup.group();
        int pieces = manifest.pieceCount();
        List<String> clusters = group.clusters();
        int k = clusters.size();
        String[] continent = clusters.stream().map(c -> c.replaceAll("\\d+$", "")).toArray(String[]::new);
        int rootCluster = group.clusterIndex(0);
        String rootContinent = continent[rootCluster];
        long[][] bytes = new long[k][k];
        int[] outOfContinent = new int[pieces];
        int[] outOfCluster = new int[pieces];
        long[] firstRequest = new long[pieces];
        int[] firstRequester = new int[pieces];
        Arrays.fill(firstRequest, -1);
        long[][] repeats = new long[3][GAPS.length + 1];
        SimResult r = setup.builder(protocol)
                .trace(new PieceTrace() {
                    @Override
                    public void requested(long nanos, int from, int to, int piece) {
                        int asking = group.clusterIndex(from);
                        if (!continent[group.clusterIndex(to)].equals(rootContinent)
                                || continent[asking].equals(rootContinent)) {
                            return;
                        }
                        if (firstRequest[piece] < 0) {
                            firstRequest[piece] = nanos;
                            firstRequester[piece] = asking;
                            return;
                        }
                        int who = asking == firstRequester[piece] ? 0
                                : continent[asking].equals(continent[firstRequester[piece]]) ? 1 : 2;
                        long gap = nanos - firstRequest[piece];
                        int bucket = 0;
                        while (bucket < GAPS.length && gap >= GAPS[bucket]) {
                            bucket++;
                        }
                        repeats[who][bucket]++;
                    }

                    @Override
                    public void delivered(long nanos, int from, int to, int piece) {
                        int a = group.clusterIndex(from);
                        int b = group.clusterIndex(to);
                        bytes[a][b] += manifest.pieceLength(piece);
                        if (continent[a].equals(rootContinent) && !continent[b].equals(rootContinent)) {
                            outOfContinent[piece]++;
                        }
                        if (a == rootCluster && b != rootCluster) {
                            outOfCluster[piece]++;
                        }
                    }
                }).run();
        double seconds = r.completionTime() / 1e9;
        System.out.printf("%s %s seed %d: %.2f s, %d pieces%n", scenario, protocol, seed, seconds, pieces);
        System.out.printf("%-10s", "MB/s");
        clusters.forEach(c -> System.out.printf("%9s", c));
        System.out.println();
        for (int a = 0; a < k; a++) {
            System.out.printf("%-10s", clusters.get(a));
            for (int b = 0; b < k; b++) {
                System.out.printf("%9s", a == b ? "-" : String.format("%.2f", bytes[a][b] / seconds / 1e6));
            }
            System.out.println();
        }
        System.out.printf("out of the root's continent: %.3f × the data, pieces by times out %s%n",
                mean(outOfContinent), histogram(outOfContinent));
        System.out.printf("out of the root's cluster: %.3f × the data%n", mean(outOfCluster));
        System.out.println("repeat requests to the root's continent, by time since the first"
                + " (< 0.2, < 0.5, < 1, < 2, >= 2 s):");
        String[] who = {"same cluster", "sibling cluster", "other continent"};
        for (int w = 0; w < who.length; w++) {
            System.out.printf("  %-16s %s%n", who[w], Arrays.toString(repeats[w]));
        }
    }

    private static double mean(int[] counts) {
        return Arrays.stream(counts).average().orElse(0);
    }

    private static String histogram(int[] counts) {
        int[] h = new int[Arrays.stream(counts).max().orElse(0) + 1];
        for (int c : counts) {
            h[c]++;
        }
        return Arrays.toString(h);
    }
}
