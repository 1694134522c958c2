package io.robber.engine;

import io.robber.api.ProtocolException;

/** How an {@link Operation} reports its outcome to its driver; called on the node's thread. */
public interface OperationListener {

    /** This node holds every piece: its storage is complete and readable. */
    void localComplete();

    /** Every member of the group holds every piece. */
    void globalComplete();

    /**
     * The operation failed. Before {@link #localComplete()}, this node will not hold every piece; after
     * it, this node's data is complete but the group finished without some members (they died or
     * became unreachable), so only {@code flush()} fails.
     */
    void failed(ProtocolException failure);
}
