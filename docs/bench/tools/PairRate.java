import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.emulation.virtual.VirtualSetup;
import io.robber.sim.PieceTrace;
import io.robber.sim.WanTraffic;

/**
 * The piece rate from one cluster to another over time in one virtual-time run (MB/s per bucket, and
 * the requests made for them), then how that pair's connections spent their time ({@link WanTraffic}).
 *
 * <pre>java -cp cli/target/robber.jar docs/bench/tools/PairRate.java SCENARIO SEED FROM TO [BUCKET-SECONDS] [KEY=VALUE...]</pre>
 */
public class PairRate {
    public static void main(String[] commandLine) {
        String[] args = VirtualSetup.positional(commandLine);
        String scenario = args[0];
        long seed = Long.parseLong(args[1]);
        String from = args[2];
        String to = args[3];
        int bucket = args.length > 4 ? Integer.parseInt(args[4]) : 5;
        VirtualSetup setup = VirtualSetup.of(scenario, seed, VirtualSetup.options(commandLine));
        Manifest manifest = setup.manifest();
        Group group = setup.group();
        long[] bytes = new long[1000];
        int[] requests = new int[1000];
        var result = setup.builder("robber")
                .sampleEvery(10_000_000)
                .trace(new PieceTrace() {
                    @Override
                    public void requested(long nanos, int asker, int asked, int piece) {
                        if (group.member(asked).cluster().equals(from) && group.member(asker).cluster().equals(to)) {
                            requests[(int) Math.min(999, nanos / 1_000_000_000L / bucket)]++;
                        }
                    }

                    @Override
                    public void delivered(long nanos, int sender, int receiver, int piece) {
                        if (group.member(sender).cluster().equals(from)
                                && group.member(receiver).cluster().equals(to)) {
                            bytes[(int) Math.min(999, nanos / 1_000_000_000L / bucket)] += manifest.pieceLength(piece);
                        }
                    }
                }).build().run();
        for (int i = 0; i < 1000 && (long) i * bucket * 1_000_000_000L < result.completionTime(); i++) {
            System.out.printf("%4d s: %6.2f MB/s, %d requests%n", i * bucket, bytes[i] / 1e6 / bucket, requests[i]);
        }
        WanTraffic wan = result.wan();
        int f = group.clusters().indexOf(from);
        int t = group.clusters().indexOf(to);
        System.out.printf("%s -> %s: %.1f MB; connection time busy %.2f, idle with nothing new %.2f, with pieces new to"
                        + " the node only %.2f, with pieces new to the cluster %.2f%n", from, to,
                wan.pieceBytes(f, t) / 1e6,
                wan.share(f, t, WanTraffic.State.BUSY), wan.share(f, t, WanTraffic.State.NOTHING_NEW),
                wan.share(f, t, WanTraffic.State.ONLY_NEW_TO_NODE), wan.share(f, t, WanTraffic.State.NEW_TO_CLUSTER));
    }
}
