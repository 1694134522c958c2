package io.robber.datacast.steiner;

import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/** Random groups for the tests: a random source and random receivers among the servers. */
final class Groups {
    private Groups() {
    }

    static Group random(Network network, int size, Random random) {
        List<Node> servers = new ArrayList<>(network.servers());
        Collections.shuffle(servers, random);
        return new Group(servers.get(0), servers.subList(1, size));
    }

    static Group of(Network network, String source, String... receivers) {
        return new Group(network.node(source), java.util.Arrays.stream(receivers).map(network::node).toList());
    }
}
