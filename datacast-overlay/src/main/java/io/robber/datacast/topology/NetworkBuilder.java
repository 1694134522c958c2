package io.robber.datacast.topology;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds a {@link Network}: all servers first, then switches, then links, each link's profile taken
 * from the {@link LinkProfiles}.
 */
final class NetworkBuilder {
    private final LinkProfiles profiles;
    private final List<Node> nodes = new ArrayList<>();
    private final List<Link> links = new ArrayList<>();

    NetworkBuilder(LinkProfiles profiles) {
        this.profiles = profiles;
    }

    Node server(String name) {
        if (nodes.stream().anyMatch(node -> node.role() == Role.SWITCH)) {
            throw new IllegalStateException("servers come before switches");
        }
        return add(name, Role.SERVER);
    }

    Node switchNode(String name) {
        return add(name, Role.SWITCH);
    }

    private Node add(String name, Role role) {
        Node node = new Node(nodes.size(), name, role);
        nodes.add(node);
        return node;
    }

    Node node(int index) {
        return nodes.get(index);
    }

    void link(int a, int b) {
        Node from = nodes.get(a);
        Node to = nodes.get(b);
        links.add(new Link(links.size(), from, to, profiles.between(from.name(), to.name())));
    }

    Network build() {
        Network network = new Network(nodes, links);
        profiles.checkOverridesExistIn(network);
        return network;
    }
}
