import io.robber.planning.Bound;
import io.robber.emulation.bound.ScheduleBound;
import io.robber.planning.TreePackingBound;
import io.robber.planning.Capacities;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.Scenarios;
import java.util.Arrays;
import java.util.List;

/**
 * A fluid model of Balanced Multicasting with stream forwarding (bounded buffers): each tree moves at
 * its planned rate scaled by its most congested link at each moment (links shared by trees in
 * proportion to the planned loads). Used to explain the measured mayhem result (issue 5 closing note).
 * Run: javac -cp cli/target/robber.jar -d /tmp/sbm docs/bench/tools/StreamBm.java &&
 *      java -cp cli/target/robber.jar:/tmp/sbm StreamBm tc1-fast-to-slow tc1-mayhem
 */
public final class StreamBm {
    private static final double STEP_SECONDS = 0.01;

    public static void main(String[] scenarios) {
        for (String name : scenarios) {
            Network network = Scenarios.load(name).resolve();
            Bound plan = TreePackingBound.of(network.reported());
            List<Bound.Tree> trees = plan.trees();
            int clusters = network.reported().clusterCount();
            double[][] load = new double[clusters][clusters];
            for (Bound.Tree t : trees) {
                for (int d = 0; d < clusters; d++) {
                    if (t.parent(d) >= 0) {
                        load[t.parent(d)][d] += t.rate();
                    }
                }
            }
            double[] left = trees.stream().mapToDouble(t -> network.dataSize() * t.rate() / plan.rate()).toArray();
            double time = 0;
            while (Arrays.stream(left).anyMatch(x -> x > 0)) {
                Capacities now = network.at((long) (time * 1e9));
                for (int i = 0; i < trees.size(); i++) {
                    Bound.Tree t = trees.get(i);
                    double share = 1;
                    for (int d = 0; d < clusters; d++) {
                        if (t.parent(d) >= 0) {
                            share = Math.min(share, now.bandwidth()[t.parent(d)][d] / load[t.parent(d)][d]);
                        }
                    }
                    left[i] -= t.rate() * share * STEP_SECONDS;
                }
                time += STEP_SECONDS;
            }
            System.out.printf("%s: stream BM %.1f s, %.2f MB/s, bound %.2f MB/s%n", name, time,
                    network.dataSize() / time / 1e6, ScheduleBound.of(network).rate() / 1e6);
        }
    }
}
