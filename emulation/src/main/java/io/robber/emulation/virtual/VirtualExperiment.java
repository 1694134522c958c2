package io.robber.emulation.virtual;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.emulation.model.Network;
import io.robber.emulation.runner.Emulator;
import io.robber.emulation.runner.Experiment;
import io.robber.emulation.runner.GroupOutcome;
import io.robber.emulation.runner.RunResult;

/**
 * One multicast of one protocol over one emulated network in virtual time ({@link VirtualRun} over a
 * {@link VirtualNetwork}), measured as the in-process {@link Experiment} measures it. "Verified"
 * means every node holds every piece; CPU time reads NaN (shown as n/a).
 */
public final class VirtualExperiment implements Emulator {
    private final Experiment.Settings settings;

    public VirtualExperiment(Experiment.Settings settings) {
        this.settings = settings;
    }

    @Override
    public void check(Network network, String protocol) {
        settings.checkOptions(network, protocol);
    }

    @Override
    public RunResult run(String scenario, Network network, String protocol, int repeat, double boundBytesPerSecond) {
        VirtualSetup setup = VirtualSetup.of(network, settings);
        Group group = setup.group();
        GroupOutcome outcome = VirtualRun.run(group, new VirtualNetwork(network, group), protocol,
                settings.protocolOptions(network), setup.manifest(), settings.seed(), settings.timeout());
        return RunResult.of(scenario, protocol, repeat, outcome, network.dataSize(), setup.manifest().pieceCount(),
                boundBytesPerSecond, group);
    }

    /** A manifest of {@code size} bytes in pieces of {@code pieceSize} whose digests are zeros: nothing checks them. */
    public static Manifest dataless(long size, int pieceSize) {
        int pieces = (int) ((size + pieceSize - 1) / pieceSize);
        return Manifest.of(size, pieceSize, new byte[pieces * Manifest.DIGEST_LENGTH]);
    }
}
