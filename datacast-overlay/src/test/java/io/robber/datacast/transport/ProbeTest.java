package io.robber.datacast.transport;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import io.robber.sim.VirtualClock;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProbeTest {
    @Test
    void probe() {
        BCube bcube = BCube.of(4, 1, LinkProfiles.DEFAULT);
        Network network = bcube.network();
        Group group = new Group(network.node("00"), CacheSizeBenchmark.RECEIVERS.stream().map(network::node).toList());
        List<SteinerTree> trees = MultipleSteinerTrees.on(bcube).calculate(group, FailedLinks.none()).trees();
        int[] receivers = group.receivers().stream().mapToInt(n -> n.index()).toArray();
        for (int k = 1; k <= 2; k++) {
            VirtualClock clock = new VirtualClock();
            Fabric fabric = new Fabric(network, clock, 3);
            DatacastTransfer t = new DatacastTransfer(new DatacastNodes(fabric), trees.subList(0, k), receivers, 20000, 250, TransportSettings.PAPER);
            t.start();
            List<TransferReport> r = t.runUntilFinished(10_000_000_000L);
            System.out.println("k=" + k + " " + t.outcome());
            r.forEach(x -> System.out.println("  " + x.packets() + " new " + x.newData() + " dup " + x.duplicateData() + " complete " + x.complete()));
        }
    }
}
