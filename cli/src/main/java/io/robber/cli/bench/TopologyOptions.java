package io.robber.cli.bench;

import java.util.List;
import picocli.CommandLine.Option;

/** {@code bench --topology}'s own options: the data-center topology and the group sizes on it. */
public final class TopologyOptions {
    @Option(names = "--topology", paramLabel = "SPEC",
            description = "Instead of --scenario: compare Datacast with the BitTorrent variants on a data-center "
                    + "topology in virtual time, as the Datacast paper's Fig. 14 (bcube:n,k, fattree:n,k, torus:n,k, "
                    + "leafspine:s,l,h or a topology .json file). Protocols: datacast, bt-cornet, bt-optimized "
                    + "(the default), bittorrent or any other; size default 20MB.")
    String topology;

    @Option(names = "--receivers", split = ",", paramLabel = "N",
            description = "With --topology: group sizes, comma-separated, each N receivers chosen at random besides "
                    + "the source, the first server (default: 8).")
    List<Integer> receivers;

    @Option(names = "--group-fraction", paramLabel = "F",
            description = "With --topology, instead of --receivers: this fraction of the other servers receive.")
    Double groupFraction;

    boolean chosen() {
        return topology != null;
    }
}
