package io.robber.datacast.background;

import io.robber.datacast.fabric.NodeHandler;
import io.robber.datacast.fabric.Packet;
import java.util.HashMap;
import java.util.Map;

/**
 * The background flows' endpoints on the servers: one handler per server, attached once (to a
 * {@link io.robber.datacast.multicast.MulticastManager}'s host chain with {@code manager::addHost},
 * or straight to a fabric with {@code fabric::attach}), that hands each segment or ACK to the flow
 * it belongs to, so thousands of short flows cost one map lookup per packet.
 */
public final class FlowEndpoints {
    /** How a handler is put on a server. */
    @FunctionalInterface
    public interface Attach {
        void attach(int node, NodeHandler handler);
    }

    private final Attach attach;
    private final Map<Integer, Map<Integer, NodeHandler>> byNode = new HashMap<>();

    public FlowEndpoints(Attach attach) {
        this.attach = attach;
    }

    /** {@code handler} gets the packets of flow {@code flow} that reach {@code node}. */
    void register(int node, int flow, NodeHandler handler) {
        byNode.computeIfAbsent(node, n -> {
            Map<Integer, NodeHandler> flows = new HashMap<>();
            attach.attach(n, packet -> dispatch(flows, packet));
            return flows;
        }).put(flow, handler);
    }

    void unregister(int node, int flow) {
        Map<Integer, NodeHandler> flows = byNode.get(node);
        if (flows != null) {
            flows.remove(flow);
        }
    }

    private static void dispatch(Map<Integer, NodeHandler> flows, Packet packet) {
        int flow = packet.payload() instanceof TcpFlow.Segment segment ? segment.flow()
                : packet.payload() instanceof TcpFlow.Ack ack ? ack.flow() : -1;
        NodeHandler handler = flow < 0 ? null : flows.get(flow);
        if (handler != null) {
            handler.receive(packet);
        }
    }
}
