package io.robber.emulation.netns;

import io.robber.emulation.model.Network;
import io.robber.emulation.runner.Emulator;
import io.robber.emulation.runner.Experiment;
import io.robber.emulation.runner.RobberJar;
import io.robber.emulation.runner.RunResult;
import io.robber.emulation.runner.SenderReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The netns backend: every node of the scenario a real {@code robber} process in its own network
 * namespace ({@link NetnsGroup}), the WAN shaped by the kernel and delayed by netem or Toxiproxy,
 * its schedule played on the hubs' pair classes ({@link NetnsSchedule}), the scenario's faults
 * injected from outside ({@link NetnsFaults}). The result is the root's JSON:
 * time until every copy was verified, the payload each cluster took in from the WAN, and the
 * verdict (the nodes' reports carry payload only, so there is no overhead, CPU or message count).
 * Needs root and the fat jar (this class must be loaded from {@code robber.jar}, or
 * {@code -Drobber.jar=PATH}). Not emulated: the monitoring data a {@code balanced} root would need.
 */
public final class NetnsExperiment implements Emulator {
    private final Experiment.Settings settings;

    public NetnsExperiment(Experiment.Settings settings) {
        this.settings = settings;
    }

    @Override
    public void check(Network network, String protocol) {
        settings.requireNoOptions("netns");
    }

    @Override
    public RunResult run(String scenario, Network network, String protocol, int repeat, double boundBytesPerSecond)
            throws IOException, InterruptedException {
        NamespaceNetwork.unavailableReason().ifPresent(why -> {
            throw new IllegalStateException("netns backend: " + why);
        });
        NetnsGroup.Options options = new NetnsGroup.Options(protocol, settings.pieceSizeFor(network.dataSize()),
                settings.timeout(), null, settings.seed());
        try (NetnsGroup group = NetnsGroup.start(network, options, RobberJar.locate("netns"));
             NetnsSchedule schedule = NetnsSchedule.follow(group.network(), network);
             NetnsFaults faults = NetnsFaults.schedule(group, network.faults())) {
            awaitRoot(group, !network.faults().isEmpty());
            NetnsGroup.Member root = group.members().get(0);
            return SenderReport.result(scenario, protocol, repeat, network, boundBytesPerSecond,
                    group.stdout(root).getBytes(StandardCharsets.UTF_8), Files.readString(root.err()));
        }
    }

    /**
     * Waits for the root; fails at once, naming it, when a receiver exits with an error first
     * (unless the scenario's faults are to blame), since the root would wait for it until
     * {@code --wait} runs out.
     */
    private void awaitRoot(NetnsGroup group, boolean faults) throws IOException, InterruptedException {
        List<NetnsGroup.Member> members = group.members();
        Process root = members.get(0).process();
        long deadline = System.nanoTime() + settings.timeout().plusMinutes(1).toNanos();
        while (!root.waitFor(1, TimeUnit.SECONDS)) {
            for (NetnsGroup.Member m : members.subList(1, members.size())) {
                Process p = m.process();
                if (!faults && !p.isAlive() && p.exitValue() != 0) {
                    throw new IOException("receiver " + m.id() + " exited with " + p.exitValue() + " before the root"
                            + " was done: " + Files.readString(m.err()).strip());
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("the root did not finish within " + settings.timeout().plusMinutes(1));
            }
        }
    }
}
