package io.robber.engine;

import io.robber.api.ProtocolException;

/** How an {@link Operation} reports its outcome to its driver; called on the node's thread. */
public interface OperationListener {

    /** This node holds every piece: its storage is complete and readable. */
    void localComplete();

    /** Every member of the group holds every piece. */
    void globalComplete();

    void failed(ProtocolException failure);
}
