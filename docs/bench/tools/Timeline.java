import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.emulation.bound.ScheduleBound;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.Scenarios;
import io.robber.emulation.runner.Experiment;
import io.robber.emulation.virtual.VirtualSetup;
import io.robber.sim.PieceTrace;
import io.robber.sim.SimResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A virtual-time timeline of one run, per cluster: when its first wide-area piece arrived, when 50,
 * 95, 99 % and all of the pieces had entered it over the WAN, when its last member completed; steals,
 * pieces stolen, wide-area pieces that arrived twice into the cluster, duplicates at nodes.
 *
 * <pre>[PIECE=BYTES] java -cp cli/target/robber.jar docs/bench/tools/Timeline.java SCENARIO PROTOCOL [SEED] [SCALE] [KEY=VALUE...]</pre>
 */
public class Timeline {
    public static void main(String[] commandLine) {
        String[] args = VirtualSetup.positional(commandLine);
        String scenario = args[0];
        String protocol = args[1];
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 42;
        double scale = args.length > 3 ? Double.parseDouble(args[3]) : 1;
        Map<String, String> extra = VirtualSetup.options(commandLine);
        Network network = Scenarios.load(scenario).resolve().scaled(scale);
        int pieceSize = System.getenv("PIECE") != null ? Integer.parseInt(System.getenv("PIECE")) : 0;
        Experiment.Settings settings = new Experiment.Settings(pieceSize, seed, 1, 1, Duration.ofMinutes(30), extra);
        VirtualSetup setup = VirtualSetup.of(network, settings);
        Manifest manifest = setup.manifest();
        Group group = setup.group();
        int p = manifest.pieceCount();
        Map<String, List<Long>> wanArrivals = new HashMap<>();
        Map<String, BitSet> entered = new HashMap<>();
        Map<String, Integer> wanDuplicates = new HashMap<>();
        Map<String, List<String>> sources = new HashMap<>();
        Map<String, List<Integer>> order = new HashMap<>();
        Map<String, Map<Integer, List<String>>> requests = new HashMap<>();
        SimResult r = setup.builder(protocol)
                .trace(new PieceTrace() {
                    @Override
                    public void requested(long nanos, int from, int to, int piece) {
                        if (!group.sameCluster(from, to)) {
                            requests.computeIfAbsent(group.member(from).cluster(), k -> new HashMap<>())
                                    .computeIfAbsent(piece, k -> new ArrayList<>())
                                    .add(String.format("%.3f %s->%s", nanos / 1e9, group.member(from).id(),
                                            group.member(to).id()));
                        }
                    }

                    @Override
                    public void delivered(long nanos, int from, int to, int piece) {
                    String c = group.member(to).cluster();
                    if (group.sameCluster(from, to)) {
                        return;
                    }
                    BitSet in = entered.computeIfAbsent(c, k -> new BitSet());
                    if (in.get(piece)) {
                        wanDuplicates.merge(c, 1, Integer::sum);
                    } else {
                        in.set(piece);
                        wanArrivals.computeIfAbsent(c, k -> new ArrayList<>()).add(nanos);
                        sources.computeIfAbsent(c, k -> new ArrayList<>()).add(group.member(from).cluster());
                        order.computeIfAbsent(c, k -> new ArrayList<>()).add(piece);
                    }
                    }
                })
                .run();
        double bound = ScheduleBound.of(network).rate();
        double ideal = network.dataSize() / bound;
        System.out.printf("%s %s seed %d scale %s: %d pieces of %d B, completion %.3f s, ideal %.3f s, %.1f %% of the bound%n",
                scenario, protocol, seed, scale, p, manifest.pieceSize(), r.completionTime() / 1e9, ideal,
                100 * ideal / (r.completionTime() / 1e9));
        System.out.println("cluster  first-WAN  50%     95%     99%     WAN-all  done     steals(ok/tried)  stolen  WAN-dup  node-dup");
        for (String c : group.clusters()) {
            List<Long> t = wanArrivals.getOrDefault(c, List.of());
            long done = group.collective(c).stream().mapToLong(m -> r.node(m).localCompleteAt()).max().orElse(-1);
            System.out.printf("%-8s %8s %7s %7s %7s %8s %8.3f %7d/%-9d %7d %7d %8d%n", c,
                    at(t, 0), at(t, 0.5), at(t, 0.95), at(t, 0.99), at(t, 1.0), done / 1e9,
                    r.sum(c, s -> s.stealsSucceeded()), r.sum(c, s -> s.stealsTried()),
                    r.sum(c, s -> s.piecesStolen()), wanDuplicates.getOrDefault(c, 0), r.sum(c, s -> s.duplicates()));
            List<String> from = sources.getOrDefault(c, List.of());
            Map<String, Integer> last = new java.util.TreeMap<>();
            from.subList(from.size() - from.size() / 100, from.size()).forEach(x -> last.merge(x, 1, Integer::sum));
            Map<String, Integer> all = new java.util.TreeMap<>();
            from.forEach(x -> all.merge(x, 1, Integer::sum));
            System.out.println("         WAN pieces by source cluster: all " + all + ", last 1 % " + last);
            if (System.getenv("TAIL") != null) {
                List<Integer> o = order.getOrDefault(c, List.of());
                int n = Integer.parseInt(System.getenv("TAIL"));
                for (int i = Math.max(0, o.size() - n); i < o.size(); i++) {
                    System.out.printf("           piece %d arrived %.3f, WAN requests %s%n", o.get(i), t.get(i) / 1e9,
                            requests.get(c).get(o.get(i)));
                }
            }
        }
    }

    private static String at(List<Long> times, double fraction) {
        if (times.isEmpty()) {
            return "-";
        }
        int i = fraction == 0 ? 0 : (int) Math.ceil(fraction * times.size()) - 1;
        return String.format("%.3f", times.get(i) / 1e9);
    }
}
