import io.robber.api.Manifest;
import io.robber.api.ProtocolOptions;
import io.robber.api.Storage;
import io.robber.emulation.bound.ScheduleBound;
import io.robber.emulation.inprocess.EmulatedNetwork;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.NodePlacement;
import io.robber.emulation.model.Scenarios;
import io.robber.emulation.runner.GroupOutcome;
import io.robber.emulation.runner.GroupRun;
import io.robber.emulation.runner.NodeResult;
import io.robber.emulation.runner.RuntimeThreads;
import io.robber.planning.Capacities;
import io.robber.storage.MemoryStorage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one scenario in process several times in one JVM (Robber, 64 KiB pieces, MemoryStorage as the demo
 * does), so that the later runs show the engines on compiled code: per run the time, % of the bound and
 * when each cluster's first / median / last member completed; for the last run, the MB/s on every
 * wide-area pair per 200 ms (the clock starts before the group opens its connections).
 *
 * <pre>java -cp cli/target/robber.jar docs/bench/tools/InProcessTimeline.java SCENARIO SCALE RUNS [PIECE-BYTES [IO STORAGE]]</pre>
 *
 * IO and STORAGE set the shared runtime's event loops and storage threads (default: {@link RuntimeThreads#ofThisMachine()}).
 */
public class InProcessTimeline {
    private static final long BUCKET_NANOS = 200_000_000L;

    public static void main(String[] args) throws Exception {
        Network network = Scenarios.load(args[0]).resolve().scaled(Double.parseDouble(args[1]));
        int runs = Integer.parseInt(args[2]);
        int pieceSize = args.length > 3 ? Integer.parseInt(args[3]) : 65536;
        long size = network.dataSize();
        byte[] data = new byte[Math.toIntExact(size)];
        new SplittableRandom(42).nextBytes(data);
        MemoryStorage root = MemoryStorage.wrap(data);
        Manifest manifest = Manifest.compute(root, pieceSize);
        List<String> clusters = network.nominal().clusters();
        double bound = ScheduleBound.of(network).rate();
        RuntimeThreads threads = args.length > 5 ? new RuntimeThreads(Integer.parseInt(args[4]), Integer.parseInt(args[5]))
                : RuntimeThreads.ofThisMachine();
        int members = NodePlacement.group(network, 1).size();
        for (int run = 1; run <= runs; run++) {
            List<Storage> copies = new ArrayList<>();
            copies.add(root);
            for (int i = 1; i < members; i++) {
                copies.add(new MemoryStorage(size));
            }
            AtomicReference<EmulatedNetwork> emulated = new AtomicReference<>();
            List<String> timeline = Collections.synchronizedList(new ArrayList<>());
            Thread sampler = run == runs ? sampler(emulated, clusters, timeline) : null;
            GroupRun.Setup setup = new GroupRun.Setup("robber",
                    ProtocolOptions.defaults(42).with(Capacities.MONITORING, network.reported()), manifest, copies,
                    Duration.ofMinutes(10), threads.io(), threads.storage());
            GroupOutcome outcome = GroupRun.run(port -> NodePlacement.group(network, port), group -> {
                EmulatedNetwork e = new EmulatedNetwork(network, group);
                emulated.set(e);
                return e;
            }, setup, errors -> new boolean[copies.size()]);
            if (sampler != null) {
                sampler.interrupt();
                sampler.join();
            }
            System.out.printf("run %d: %.3f s, %.1f %% of the bound%s%n", run, outcome.seconds(),
                    100 * size / outcome.seconds() / bound, completions(outcome));
            timeline.forEach(System.out::println);
        }
        System.exit(0);
    }

    /** Per cluster: the first, median and last member's completion, in seconds. */
    private static String completions(GroupOutcome outcome) {
        Map<String, List<Double>> done = new TreeMap<>();
        for (NodeResult node : outcome.nodes()) {
            done.computeIfAbsent(node.cluster(), c -> new ArrayList<>())
                    .add(node.seconds() == null ? Double.NaN : node.seconds());
        }
        StringBuilder line = new StringBuilder();
        done.forEach((cluster, seconds) -> {
            Collections.sort(seconds);
            line.append(String.format("; %s %.2f/%.2f/%.2f", cluster, seconds.get(0), seconds.get(seconds.size() / 2),
                    seconds.get(seconds.size() - 1)));
        });
        return line.toString();
    }

    private static Thread sampler(AtomicReference<EmulatedNetwork> emulated, List<String> clusters,
                                  List<String> timeline) {
        Thread thread = new Thread(() -> {
            long start = System.nanoTime();
            Map<String, Long> before = new TreeMap<>();
            try {
                while (true) {
                    Thread.sleep(BUCKET_NANOS / 1_000_000);
                    EmulatedNetwork network = emulated.get();
                    if (network == null) {
                        continue;
                    }
                    StringBuilder line = new StringBuilder(String.format("%5.1f", (System.nanoTime() - start) / 1e9));
                    for (String from : clusters) {
                        for (String to : clusters) {
                            if (!from.equals(to)) {
                                long bytes = network.wanBytes(from, to);
                                long delta = bytes - before.getOrDefault(from + "->" + to, 0L);
                                before.put(from + "->" + to, bytes);
                                line.append(String.format("  %s>%s %4.1f", from, to, delta / (BUCKET_NANOS / 1e9) / 1e6));
                            }
                        }
                    }
                    timeline.add(line.toString());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "timeline");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
