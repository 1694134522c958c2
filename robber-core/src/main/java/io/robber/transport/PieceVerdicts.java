package io.robber.transport;

import io.robber.api.Group;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The verdicts of the {@link PieceStore} on received pieces, on the event loop, passed to the running
 * operation: stored and verified, rejected by its digest, or not writable (which fails the
 * operation). Verdicts on pieces of an operation that is no longer current are dropped.
 */
final class PieceVerdicts implements PieceStore.Verdicts {
    private static final Logger LOG = LoggerFactory.getLogger(PieceVerdicts.class);

    private final Group group;
    private final String selfId;
    private final Operations operations;
    private final NodeDriver driver;

    PieceVerdicts(Group group, String selfId, Operations operations, NodeDriver driver) {
        this.group = group;
        this.selfId = selfId;
        this.operations = operations;
        this.driver = driver;
    }

    @Override
    public void stored(int peer, Transfer transfer, int piece) {
        if (transfer == driver.transfer()) {
            operations.running().onPieceReceived(peer, piece);
        }
    }

    @Override
    public void rejected(int peer, Transfer transfer, int piece) {
        if (transfer == driver.transfer()) {
            LOG.warn("{}: piece {} from member {} failed its digest check; discarded", selfId, piece,
                    group.member(peer).id());
            operations.running().onPieceRejected(peer, piece);
        }
    }

    @Override
    public void writeFailed(Transfer transfer, String reason) {
        if (transfer == driver.transfer()) {
            operations.failRunning(reason);
        }
    }
}
