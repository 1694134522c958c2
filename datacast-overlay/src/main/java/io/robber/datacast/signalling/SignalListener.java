package io.robber.datacast.signalling;

/** What a node does with a signalling message's body: called once per message, before it is passed on. */
@FunctionalInterface
public interface SignalListener {
    /**
     * @param subtree the node's subtree of the transmission tree, itself at its root
     * @param pathFromRoot the arcs from the root down to this node
     */
    void onSignal(Object body, EncodedTree subtree, int[] pathFromRoot);
}
