import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.emulation.virtual.VirtualSetup;
import io.robber.sim.PieceTrace;
import io.robber.sim.SimResult;
import java.util.BitSet;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What entered each continent over the links between continents, per time bin of one virtual-time
 * run (TC2: a cluster's continent is its name without the trailing digits): MB that were new to the
 * continent / MB it already had, to hold against the continent's in-cut. With {@code by-source}, one
 * row per receiving and sending continent.
 *
 * <pre>java -cp cli/target/robber.jar docs/bench/tools/ContinentIntake.java SCENARIO [SEED] [BIN_SECONDS] [by-source] [PROTOCOL] [KEY=VALUE...]</pre>
 */
public class ContinentIntake {
    public static void main(String[] commandLine) {
        String[] args = VirtualSetup.positional(commandLine);
        String scenario = args[0];
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 42;
        double bin = args.length > 2 ? Double.parseDouble(args[2]) : 0.5;
        boolean bySource = args.length > 3 && args[3].equals("by-source");
        String protocol = args.length > 4 ? args[4] : "robber";
        VirtualSetup setup = VirtualSetup.of(scenario, seed, VirtualSetup.options(commandLine));
        Manifest manifest = setup.manifest();
        Group group = setup.group();
        Map<String, BitSet> entered = new TreeMap<>();
        Map<String, Map<Integer, double[]>> rows = new TreeMap<>();
        SimResult r = setup.builder(protocol).trace(new PieceTrace() {
            @Override
            public void delivered(long nanos, int from, int to, int piece) {
                String source = continent(group, from);
                String target = continent(group, to);
                if (source.equals(target)) {
                    return;
                }
                boolean first = !entered.computeIfAbsent(target, k -> new BitSet()).get(piece);
                entered.get(target).set(piece);
                String row = bySource ? target + "<" + source : target;
                double[] cell = rows.computeIfAbsent(row, k -> new TreeMap<>())
                        .computeIfAbsent((int) (nanos / 1e9 / bin), k -> new double[2]);
                cell[first ? 0 : 1] += manifest.pieceLength(piece) / 1e6;
            }
        }).run();
        System.out.printf(Locale.ROOT, "%s %s seed %d: %.2f s; MB new / again per %.2f s%n", scenario, protocol,
                seed, r.completionTime() / 1e9, bin);
        rows.forEach((row, cells) -> {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-16s", row));
            int last = cells.isEmpty() ? -1 : ((TreeMap<Integer, double[]>) cells).lastKey();
            for (int i = 0; i <= last; i++) {
                double[] cell = cells.getOrDefault(i, new double[2]);
                line.append(String.format(Locale.ROOT, " %.1f/%.1f", cell[0], cell[1]));
            }
            System.out.println(line);
        });
    }

    private static String continent(Group group, int member) {
        return group.member(member).cluster().replaceAll("\\d+$", "");
    }
}
