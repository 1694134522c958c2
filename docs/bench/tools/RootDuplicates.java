import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.emulation.virtual.VirtualSetup;
import io.robber.sim.PieceTrace;
import java.util.Arrays;

/**
 * How often each piece left the root cluster in one virtual-time run: pieces out ÷ pieces, the
 * requests to the root for a piece it had already sent out (delivered to another cluster by then, or
 * only requested), and the repeated deliveries per half second.
 *
 * <pre>java -cp cli/target/robber.jar docs/bench/tools/RootDuplicates.java SCENARIO [SEED] [PROTOCOL] [KEY=VALUE...]</pre>
 */
public class RootDuplicates {
    public static void main(String[] commandLine) {
        String[] args = VirtualSetup.positional(commandLine);
        String scenario = args[0];
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 42;
        String protocol = args.length > 2 ? args[2] : "robber";
        VirtualSetup setup = VirtualSetup.of(scenario, seed, VirtualSetup.options(commandLine));
        Manifest manifest = setup.manifest();
        Group group = setup.group();
        String root = group.member(0).cluster();
        int pieces = manifest.pieceCount();
        long[] firstOut = new long[pieces];
        boolean[] requested = new boolean[pieces];
        Arrays.fill(firstOut, -1);
        int[] outCount = new int[pieces];
        int[] repeatsPerHalfSecond = new int[40];
        int[] againDelivered = new int[1];
        int[] againRequested = new int[1];
        long completion = setup.builder(protocol)
                .trace(new PieceTrace() {
                    @Override
                    public void requested(long nanos, int from, int to, int piece) {
                        if (group.member(to).cluster().equals(root) && !group.sameCluster(from, to)) {
                            if (!requested[piece]) {
                                requested[piece] = true;
                            } else if (firstOut[piece] >= 0) {
                                againDelivered[0]++;
                            } else {
                                againRequested[0]++;
                            }
                        }
                    }

                    @Override
                    public void delivered(long nanos, int from, int to, int piece) {
                        if (group.member(from).cluster().equals(root) && !group.sameCluster(from, to)) {
                            outCount[piece]++;
                            if (firstOut[piece] < 0) {
                                firstOut[piece] = nanos;
                            } else {
                                repeatsPerHalfSecond[(int) Math.min(39, nanos / 500_000_000L)]++;
                            }
                        }
                    }
                }).build().run().completionTime();
        long out = Arrays.stream(outCount).sum();
        System.out.printf("%s %s seed %d: completion %.3f s; root cluster sent %d pieces for %d (%.3f x)%n", scenario,
                protocol, seed, completion / 1e9, out, pieces, out / (double) pieces);
        System.out.printf("requests to the root for a piece it had sent out before: %d (delivered elsewhere by then),"
                + " %d (only requested)%n", againDelivered[0], againRequested[0]);
        System.out.println("repeated deliveries out of the root per 0.5 s: " + Arrays.toString(repeatsPerHalfSecond));
    }
}
