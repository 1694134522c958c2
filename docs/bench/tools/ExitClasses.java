import io.robber.api.Group;
import io.robber.emulation.virtual.VirtualSetup;
import io.robber.sim.PieceTrace;
import io.robber.sim.SimResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Who sends pieces out of the root's continent twice, and when (TC2: a cluster's continent is its name
 * without the trailing digits). Each piece is classed as Robber classes it: the receiving cluster of the
 * highest rendezvous weight (every cluster but the root's). Reported:
 * <ul>
 *   <li>exits out of the root's continent and the repeated ones, by tenth of the run;</li>
 *   <li>repeated exits by the piece's class — a cluster of the root's continent, or another one — and
 *       whether the class's own cluster or a helper got the piece first and again;</li>
 *   <li>requests to the root's continent for another cluster's class, by how many pieces of its own
 *       class the asking cluster had not requested yet: many means its own class sat in the work of
 *       members that could not fetch it while a colleague fetched other classes;</li>
 *   <li>how many times each continent took each piece in over its slow links.</li>
 * </ul>
 *
 * <pre>java -cp cli/target/robber.jar docs/bench/tools/ExitClasses.java SCENARIO [PROTOCOL] [SEED] [KEY=VALUE...]</pre>
 */
public class ExitClasses {
    /** A repeated exit this long after the first one is "late". */
    private static final long LATE_NANOS = 400_000_000L;
    private static final int[] UNREQUESTED = {1, 10, 50, 200};

    public static void main(String[] commandLine) {
        String[] args = VirtualSetup.positional(commandLine);
        String scenario = args[0];
        String protocol = args.length > 1 ? args[1] : "robber";
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 42;
        VirtualSetup setup = VirtualSetup.of(scenario, seed, VirtualSetup.options(commandLine));
        Group group = setup.group();
        int pieces = setup.manifest().pieceCount();
        int k = group.clusters().size();
        String[] continent = group.clusters().stream().map(c -> c.replaceAll("\\d+$", "")).toArray(String[]::new);
        int rootCluster = group.clusterIndex(0);
        String rootContinent = continent[rootCluster];
        int[] classOf = new int[pieces];
        int[] unrequested = new int[k];
        for (int p = 0; p < pieces; p++) {
            classOf[p] = classOf(p, k, rootCluster);
            unrequested[classOf[p]]++;
        }
        BitSet[] requestedOwn = new BitSet[k];
        Arrays.setAll(requestedOwn, c -> new BitSet());
        int[] otherClassRequests = new int[UNREQUESTED.length + 1];
        int[] exits = new int[pieces];
        long[] firstExit = new long[pieces];
        int[] firstTo = new int[pieces];
        List<Long> exitTimes = new ArrayList<>();
        List<Long> repeatTimes = new ArrayList<>();
        Map<String, Integer> repeats = new TreeMap<>();
        Map<String, int[]> entries = new TreeMap<>();
        SimResult r = setup.builder(protocol)
                .trace(new PieceTrace() {
                    @Override
                    public void requested(long nanos, int from, int to, int piece) {
                        int asking = group.clusterIndex(from);
                        if (classOf[piece] == asking && !requestedOwn[asking].get(piece)) {
                            requestedOwn[asking].set(piece);
                            unrequested[asking]--;
                        }
                        if (continent[group.clusterIndex(to)].equals(rootContinent)
                                && !continent[asking].equals(rootContinent) && classOf[piece] != asking) {
                            int bucket = 0;
                            while (bucket < UNREQUESTED.length && unrequested[asking] >= UNREQUESTED[bucket]) {
                                bucket++;
                            }
                            otherClassRequests[bucket]++;
                        }
                    }

                    @Override
                    public void delivered(long nanos, int from, int to, int piece) {
                        int a = group.clusterIndex(from);
                        int b = group.clusterIndex(to);
                        if (!continent[a].equals(continent[b])) {
                            entries.computeIfAbsent(continent[b], x -> new int[pieces])[piece]++;
                        }
                        if (!continent[a].equals(rootContinent) || continent[b].equals(rootContinent)) {
                            return;
                        }
                        exitTimes.add(nanos);
                        if (exits[piece]++ == 0) {
                            firstExit[piece] = nanos;
                            firstTo[piece] = b;
                            return;
                        }
                        repeatTimes.add(nanos);
                        int owner = classOf[piece];
                        String key = (continent[owner].equals(rootContinent) ? "root continent's class" : "far class")
                                + (firstTo[piece] == owner ? ", owner first" : ", helper first")
                                + (b == owner ? ", owner again" : ", helper again")
                                + (nanos - firstExit[piece] > LATE_NANOS ? ", late" : ", within 0.4 s");
                        repeats.merge(key, 1, Integer::sum);
                    }
                }).run();
        long end = r.completionTime();
        System.out.printf("%s %s seed %d: %.2f s, %d pieces%n", scenario, protocol, seed, end / 1e9, pieces);
        System.out.println("exits out of the root's continent by tenth of the run: " + tenths(exitTimes, end));
        System.out.println("          of them repeated:                            " + tenths(repeatTimes, end));
        System.out.println("repeated exits by the piece's class, who got it first and again:");
        repeats.forEach((key, count) -> System.out.printf("  %-70s %d%n", key, count));
        System.out.println("requests to the root's continent for another cluster's class, by how many pieces of");
        System.out.println("  its own class the asking cluster had not requested (0, 1-9, 10-49, 50-199, 200+): "
                + Arrays.toString(otherClassRequests));
        entries.forEach((c, counts) -> System.out.printf("into %s: %.3f × the data%n", c,
                Arrays.stream(counts).average().orElse(0)));
    }

    private static String tenths(List<Long> times, long end) {
        int[] counts = new int[10];
        times.forEach(t -> counts[(int) Math.min(9, t * 10 / end)]++);
        return Arrays.toString(counts);
    }

    /** The receiving cluster of {@code piece}'s class: Robber's {@code PieceClasses} with one root cluster. */
    private static int classOf(int piece, int clusters, int root) {
        int best = -1;
        long bestWeight = 0;
        for (int c = 0; c < clusters; c++) {
            long w = weight(piece, c);
            if (c != root && (best < 0 || w > bestWeight)) {
                best = c;
                bestWeight = w;
            }
        }
        return best;
    }

    /** {@code PieceClasses.weight}, which is not public: a SplitMix64 finaliser of piece and cluster. */
    private static long weight(int piece, int cluster) {
        long z = ((long) piece << 32 | cluster) + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
