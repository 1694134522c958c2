import io.robber.emulation.model.*;
import io.robber.emulation.bound.*;
import java.util.*;
/**
 * A fluid model of Balanced Multicasting with stream forwarding (bounded buffers): each tree moves at
 * its planned rate scaled by its most congested link at each moment (links shared by trees in
 * proportion to the planned loads). Used to explain the measured mayhem result (issue 5 closing note).
 * Run: javac -cp cli/target/robber.jar -d /tmp/sbm docs/bench/tools/StreamBm.java &&
 *      java -cp cli/target/robber.jar:/tmp/sbm StreamBm tc1-fast-to-slow tc1-mayhem
 */
public class StreamBm {
  public static void main(String[] a) {
    for (String n : a) {
      Network net = Scenarios.load(n).resolve();
      Bound b = TreePackingBound.of(net.reported());
      int k = b.trees().size(); int c = net.reported().clusterCount();
      double[][] load = new double[c][c];
      for (Bound.Tree t : b.trees()) for (int d = 0; d < c; d++) if (t.parent(d) >= 0) load[t.parent(d)][d] += t.rate();
      double total = b.rate(); double data = net.dataSize();
      double[] left = new double[k]; for (int i = 0; i < k; i++) left[i] = data * b.trees().get(i).rate() / total;
      double dt = 0.01, time = 0;
      while (Arrays.stream(left).anyMatch(x -> x > 0)) {
        Capacities cap = net.at((long) (time * 1e9));
        for (int i = 0; i < k; i++) {
          Bound.Tree t = b.trees().get(i); double f = 1;
          for (int d = 0; d < c; d++) if (t.parent(d) >= 0) f = Math.min(f, cap.bandwidth()[t.parent(d)][d] / load[t.parent(d)][d]);
          left[i] -= t.rate() * f * dt;
        }
        time += dt;
      }
      System.out.printf("%s: stream BM %.1f s, %.2f MB/s, bound %.2f MB/s%n", n, time, data / time / 1e6, ScheduleBound.of(net).rate() / 1e6);
    }
  }
}
