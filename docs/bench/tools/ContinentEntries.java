import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.emulation.virtual.VirtualSetup;
import io.robber.sim.PieceTrace;
import io.robber.sim.SimResult;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * How often each piece entered each continent (TC2: a cluster's continent is its name without the
 * trailing digits) over the links between continents, in virtual time, and for every second entry
 * whether the sibling cluster that fetched it first already held it or had only requested it.
 *
 * <pre>java -cp cli/target/robber.jar docs/bench/tools/ContinentEntries.java SCENARIO [PROTOCOL] [SEED] [KEY=VALUE...]</pre>
 */
public class ContinentEntries {
    public static void main(String[] commandLine) {
        String[] args = VirtualSetup.positional(commandLine);
        String scenario = args[0];
        String protocol = args.length > 1 ? args[1] : "robber";
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 42;
        VirtualSetup setup = VirtualSetup.of(scenario, seed, VirtualSetup.options(commandLine));
        Manifest manifest = setup.manifest();
        Group group = setup.group();
        int pieces = manifest.pieceCount();
        String[] continent = group.clusters().stream().map(c -> c.replaceAll("\\d+$", "")).toArray(String[]::new);
        Map<String, long[]> firstRequest = new HashMap<>();
        Map<String, int[]> firstCluster = new HashMap<>();
        Map<String, long[]> firstArrival = new HashMap<>();
        Map<String, Long> bytesIn = new HashMap<>();
        long[] second = new long[2];
        SimResult r = setup.builder(protocol)
                .trace(new PieceTrace() {
                    @Override
                    public void requested(long nanos, int from, int to, int piece) {
                        int asking = group.clusterIndex(from);
                        String c = continent[asking];
                        if (c.equals(continent[group.clusterIndex(to)])) {
                            return;
                        }
                        long[] requested = firstRequest.computeIfAbsent(c, k -> filled(pieces));
                        int[] cluster = firstCluster.computeIfAbsent(c, k -> new int[pieces]);
                        if (requested[piece] < 0) {
                            requested[piece] = nanos;
                            cluster[piece] = asking;
                        } else if (cluster[piece] != asking) {
                            long arrived = firstArrival.computeIfAbsent(c, k -> filled(pieces))[piece];
                            second[arrived >= 0 && arrived <= nanos ? 0 : 1]++;
                        }
                    }

                    @Override
                    public void delivered(long nanos, int from, int to, int piece) {
                        String c = continent[group.clusterIndex(to)];
                        if (!c.equals(continent[group.clusterIndex(from)])) {
                            bytesIn.merge(c, (long) manifest.pieceLength(piece), Long::sum);
                            long[] arrived = firstArrival.computeIfAbsent(c, k -> filled(pieces));
                            if (arrived[piece] < 0) {
                                arrived[piece] = nanos;
                            }
                        }
                    }
                }).run();
        System.out.printf("%s %s seed %d: %.2f s%n", scenario, protocol, seed, r.completionTime() / 1e9);
        bytesIn.forEach((c, b) -> System.out.printf("into %-8s from other continents: %.2f × the data%n", c,
                (double) b / manifest.size()));
        System.out.printf("second entries into a continent: the first cluster already held the piece %d, had only requested it %d%n",
                second[0], second[1]);
    }

    private static long[] filled(int n) {
        long[] a = new long[n];
        Arrays.fill(a, -1);
        return a;
    }
}
