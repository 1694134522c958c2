package io.robber.datacast.transport;

import io.robber.datacast.fabric.Fabric;
import java.util.HashMap;
import java.util.Map;

/** The fabric's nodes that play a Datacast role, each attached to the fabric when it first gets one. */
public final class DatacastNodes {
    private final Fabric fabric;
    private final Map<Integer, DatacastNode> nodes = new HashMap<>();

    public DatacastNodes(Fabric fabric) {
        this.fabric = fabric;
    }

    DatacastNode at(int node) {
        return nodes.computeIfAbsent(node, v -> {
            DatacastNode handler = new DatacastNode(fabric);
            fabric.attach(v, handler);
            return handler;
        });
    }

    /** Every node of the fabric, attached. */
    void attachAll() {
        for (int node = 0; node < fabric.network().nodeCount(); node++) {
            at(node);
        }
    }

    /** Every node leaves {@code tree}. */
    void leave(int tree) {
        nodes.values().forEach(node -> node.leave(tree));
    }

    public Fabric fabric() {
        return fabric;
    }
}
