package io.robber.datacast.steiner;

import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/** A Datacast group (§3): one source and the receivers of its data, all servers. */
public record Group(Node source, List<Node> receivers) {
    public Group {
        receivers = List.copyOf(receivers);
        if (!source.isServer()) {
            throw new IllegalArgumentException("the source must be a server, not switch " + source);
        }
        if (receivers.isEmpty()) {
            throw new IllegalArgumentException("a group needs at least one receiver besides the source " + source);
        }
        Set<Node> seen = new HashSet<>();
        for (Node receiver : receivers) {
            if (!receiver.isServer()) {
                throw new IllegalArgumentException("receivers must be servers, not switch " + receiver);
            }
            if (receiver.equals(source)) {
                throw new IllegalArgumentException("the source " + source + " cannot also be a receiver");
            }
            if (!seen.add(receiver)) {
                throw new IllegalArgumentException("receiver " + receiver + " is listed twice");
            }
        }
    }

    /** The source and {@code receivers} of the {@code candidates}, drawn at random. */
    public static Group sample(Node source, List<Node> candidates, int receivers, Random random) {
        List<Node> shuffled = new ArrayList<>(candidates);
        Collections.shuffle(shuffled, random);
        return new Group(source, shuffled.subList(0, receivers));
    }

    /** The source and, as receivers, every other server of the network. */
    public static Group allServers(Network network, Node source) {
        return new Group(source, network.servers().stream().filter(server -> !server.equals(source)).toList());
    }
}
