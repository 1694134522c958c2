package io.robber.cli.bench;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code bench --topology}'s own options: the data-center topology, the group sizes on it and what happens to the fabric. */
public final class TopologyOptions {
    @Option(names = "--topology", paramLabel = "SPEC",
            description = "Instead of --scenario: compare protocols on a data-center topology in virtual time, as the "
                    + "Datacast paper's Fig. 14 (bcube:n,k, fattree:n,k, torus:n,k, leafspine:s,l,h or a topology .json "
                    + "file). Protocols: datacast, rdcm, mctcp and sender-repair (RDCM's baseline: only the sender "
                    + "repairs) on the packet-level fabric; bt-cornet, bt-optimized, "
                    + "bittorrent or any other as a swarm over shortest paths (default: datacast, bt-cornet, "
                    + "bt-optimized); size default 20MB.")
    String topology;

    @Option(names = "--receivers", split = ",", paramLabel = "N",
            description = "With --topology: group sizes, comma-separated, each N receivers chosen at random besides "
                    + "the source, the first server (default: 8).")
    List<Integer> receivers;

    @Option(names = "--group-fraction", paramLabel = "F",
            description = "With --topology, instead of --receivers: this fraction of the other servers receive.")
    Double groupFraction;

    @Option(names = "--loss", paramLabel = "P",
            description = "With --topology: every link drops this fraction of its packets at random, e.g. 0.01 "
                    + "(datacast, rdcm, mctcp, sender-repair; default: 0).")
    Double loss;

    @Option(names = "--fail-link", paramLabel = "AT[..UP]:A-B",
            description = "With --topology, repeatable: the link between nodes A and B goes down at virtual time AT "
                    + "and, with ..UP, comes back up at UP, e.g. 20ms:10-<0,1> or 20ms..50ms:10-<0,1> "
                    + "('robber trees' lists the trees' links; datacast, rdcm, mctcp, sender-repair).")
    List<String> failLinks = List.of();

    @Option(names = "--fail-receiver", paramLabel = "AT[:NODE]",
            description = "With --topology, repeatable: a receiver crashes at virtual time AT, e.g. 40ms:13; without "
                    + "NODE one of the group's receivers chosen at random (rdcm, mctcp).")
    List<String> failReceivers = List.of();

    @Option(names = "--background", paramLabel = "FLOWS",
            description = "With --topology, repeatable: TCP flows sharing the links until the multicast is done: "
                    + "websearch:LOAD or datamining:LOAD (MCTCP's mixes: every other server, rack by rack, sends flows "
                    + "to the one four after it, loading its link to LOAD on average) or iperf:A-B (one long-lived "
                    + "flow between two servers); rdcm and mctcp.")
    List<String> background = List.of();

    @Option(names = "--timeline", paramLabel = "FILE",
            description = "With --topology: write rdcm's and mctcp's sending rate and each receiver's receiving rate "
                    + "over time as CSV, rdcm's split into tree and overlay (--html draws them too).")
    Path timeline;

    boolean chosen() {
        return topology != null;
    }

    /** Whether any option that needs --topology was given without it. */
    boolean strayed() {
        return topology == null && (receivers != null || groupFraction != null || loss != null || !failLinks.isEmpty()
                || !failReceivers.isEmpty() || !background.isEmpty() || timeline != null);
    }
}
