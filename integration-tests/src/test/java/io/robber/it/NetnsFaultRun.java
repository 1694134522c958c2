package io.robber.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.robber.emulation.model.Network;
import io.robber.emulation.model.NetworkModel;
import io.robber.emulation.netns.HubProxies;
import io.robber.emulation.netns.NamespaceNetwork;
import io.robber.emulation.netns.NetnsFaults;
import io.robber.emulation.netns.NetnsGroup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One transfer with one fault injected from outside, on the netns backend: clusters A and B of two
 * nodes each (the root is A/0), 2 MB/s and 10 ms one way between them, 8 MB in pieces of 64 KiB, so
 * that B's copies take at least 4 s and a fault at 1 s lands mid-transfer whatever the machine's
 * load. Runs until every process has exited (bounded) and keeps what the fault tests check: exit
 * codes, what the root said, and each receiver's file under its final name.
 */
final class NetnsFaultRun {
    /** How long every process together may take: generous, the point is only that nothing hangs. */
    static final Duration BOUND = Duration.ofMinutes(3);
    static final String FILE = "data.bin";

    /** Each receiver's exit code and the SHA-256 of its file under the final name (absent if none). */
    record Receiver(String id, int exit, Optional<String> sha256) {
    }

    record Outcome(int rootExit, String rootSaid, String dataSha256, Map<String, Receiver> receivers) {
        Outcome {
            receivers = Map.copyOf(receivers);
        }
    }

    private NetnsFaultRun() {
    }

    /** Skips the test, saying why, without root, ip netns, Toxiproxy, socat or iptables. */
    static void assumeAvailable() {
        Optional<String> why = NamespaceNetwork.unavailableReason().or(HubProxies::unavailableReason);
        assumeTrue(why.isEmpty(), () -> "netns fault test skipped: " + why.orElse(""));
    }

    /** Runs the transfer with {@code fault} ({@code kind}, {@code target}, {@code at}, {@code duration}). */
    static Outcome run(String kind, String target, String at, String duration, Duration failureTimeout)
            throws Exception {
        return run("""
                {"name": "fault-%s", "dataSize": "8MB",
                 "clusters": [{"name": "A", "nodes": 2}, {"name": "B", "nodes": 2}],
                 "wan": {"bandwidth": "2MB/s", "delay": "10ms"},
                 "faults": [{"kind": "%s", "target": "%s", "at": "%s", "duration": "%s"}]}"""
                .formatted(kind, kind, target, at, duration), failureTimeout);
    }

    /** Runs the transfer of scenario {@code json} (its faults included) in pieces of 64 KiB. */
    static Outcome run(String json, Duration failureTimeout) throws Exception {
        Network network = NetworkModel.parse(json).resolve();
        NetnsGroup.Options options = new NetnsGroup.Options("robber", 64 * 1024, Duration.ofMinutes(2),
                failureTimeout, 7);
        // the corrupting relay runs from the jar too (RobberJar.locate), also outside failsafe
        System.setProperty("robber.jar", RobberProcesses.jar().toString());
        try (NetnsGroup group = NetnsGroup.start(network, options, RobberProcesses.jar());
             NetnsFaults faults = NetnsFaults.schedule(group, network.faults())) {
            long deadline = System.nanoTime() + BOUND.toNanos();
            for (NetnsGroup.Member m : group.members()) {
                long left = Math.max(1, deadline - System.nanoTime());
                assertThat(m.process().waitFor(left, TimeUnit.NANOSECONDS))
                        .as("%s exited within %s (no hang); stderr:%n%s", m.id(), BOUND, Files.readString(m.err()))
                        .isTrue();
            }
            NetnsGroup.Member root = group.members().get(0);
            StringBuilder said = new StringBuilder(group.stdout(root)).append('\n').append(Files.readString(root.err()));
            Map<String, Receiver> receivers = new LinkedHashMap<>();
            for (NetnsGroup.Member m : group.members().subList(1, group.members().size())) {
                Path file = m.out().resolve(FILE);
                receivers.put(m.id(), new Receiver(m.id(), m.process().exitValue(),
                        Files.isRegularFile(file) ? Optional.of(RobberProcesses.sha256(file)) : Optional.empty()));
            }
            return new Outcome(root.process().exitValue(), said.toString(), RobberProcesses.sha256(group.data()),
                    receivers);
        }
    }

    /**
     * What README's "Failure semantics" promise after any fault: a receiver that exits 0 holds a
     * byte-identical copy; one that does not is named by the root, and holds nothing, or a complete
     * copy, under the final name (never a partial file); the root succeeds only if every receiver does.
     */
    static void assertPromisedOutcome(Outcome o) {
        for (Receiver r : o.receivers().values()) {
            if (r.exit() == 0) {
                assertThat(r.sha256()).as("%s exited 0: its copy is complete and byte-identical; root said:%n%s",
                        r.id(), o.rootSaid()).contains(o.dataSha256());
            } else {
                assertThat(o.rootSaid()).as("the root names failed receiver %s", r.id()).contains(r.id());
                r.sha256().ifPresent(sha -> assertThat(sha).as("%s failed: no partial file under the final name",
                        r.id()).isEqualTo(o.dataSha256()));
            }
        }
        if (o.rootExit() == 0) {
            assertThat(o.receivers().values()).as("the root succeeded: so did every receiver")
                    .allMatch(r -> r.exit() == 0);
        }
    }

    /** A fault shorter than the failure timeout is ridden out: every receiver ends with a verified copy. */
    static void assertEveryoneVerified(Outcome o) {
        assertPromisedOutcome(o);
        assertThat(o.rootExit()).as("root exit; it said:%n%s", o.rootSaid()).isZero();
        assertThat(o.receivers().values()).as("receivers; root said:%n%s", o.rootSaid()).allMatch(r -> r.exit() == 0);
        assertThat(o.receivers().values()).allMatch(r -> r.sha256().equals(Optional.of(o.dataSha256())));
    }
}
