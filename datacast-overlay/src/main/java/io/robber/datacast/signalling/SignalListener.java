package io.robber.datacast.signalling;

/**
 * What a node does with a signalling message's body, before it is passed on: once per message, or
 * again if the message comes again after the node acknowledged it (a retry from the root).
 */
@FunctionalInterface
public interface SignalListener {
    /**
     * @param subtree the node's subtree of the transmission tree, itself at its root
     * @param pathFromRoot the arcs from the root down to this node
     * @return the node's part of the tally its ACK carries up (0 if the message asks none)
     */
    int onSignal(Object body, EncodedTree subtree, int[] pathFromRoot);
}
