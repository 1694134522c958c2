import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.emulation.bound.ScheduleBound;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.Scenarios;
import io.robber.emulation.runner.Experiment;
import io.robber.emulation.virtual.VirtualSetup;
import io.robber.sim.SimResult;
import io.robber.wire.MessageType;
import java.time.Duration;

/**
 * One virtual-time run and its control messages per node by type, with the completion time, the
 * exact bound and the wall time of the run itself (the bound and start-up not counted).
 *
 * <pre>java -Xmx8g -cp cli/target/robber.jar docs/bench/tools/Messages.java SCENARIO PROTOCOL [SEED] [PIECE-SIZE-BYTES] [KEY=VALUE...]</pre>
 */
public class Messages {
    public static void main(String[] commandLine) {
        String[] args = VirtualSetup.positional(commandLine);
        String scenario = args[0];
        String protocol = args[1];
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 42;
        int pieceSize = args.length > 3 ? Integer.parseInt(args[3]) : 0;
        Network network = Scenarios.load(scenario).resolve();
        double bound;
        try {
            bound = ScheduleBound.of(network).rate();
        } catch (IllegalStateException e) {
            System.out.println("no bound: " + e.getMessage());
            bound = Double.NaN;
        }
        Experiment.Settings settings = new Experiment.Settings(pieceSize, seed, 1, 1, Duration.ofMinutes(30),
                VirtualSetup.options(commandLine));
        VirtualSetup setup = VirtualSetup.of(network, settings);
        Manifest manifest = setup.manifest();
        Group group = setup.group();
        long start = System.nanoTime();
        SimResult r = setup.builder(protocol)
                .maxTime(Duration.ofMinutes(30).toNanos()).run();
        double wall = (System.nanoTime() - start) / 1e9;
        double ideal = network.dataSize() / bound;
        System.out.printf("%s %s seed %d: %d nodes, %d pieces of %d B, completion %.3f s, ideal %.3f s, %.1f %% of the"
                        + " bound; %d events, run %.1f s wall%n", scenario, protocol, seed, group.size(),
                manifest.pieceCount(), manifest.pieceSize(), r.completionTime() / 1e9, ideal,
                100 * ideal / (r.completionTime() / 1e9), r.events(), wall);
        for (MessageType type : MessageType.values()) {
            long sent = r.messages(type);
            if (sent > 0) {
                System.out.printf("  %-11s %12.1f per node%n", type.name().toLowerCase(), (double) sent / group.size());
            }
        }
    }
}
