package io.robber.transport;

import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.ProtocolException;
import io.robber.api.RobberException;
import io.robber.api.Storage;
import io.robber.engine.Operation;
import io.robber.engine.OperationListener;
import io.robber.engine.ProtocolPlan;
import io.robber.engine.Protocols;
import java.io.IOException;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Executor;

/**
 * The operations of one node, one at a time, on its event loop: the one place where the protocol's
 * plan is made and each {@link Operation} is built and started, and where an operation's
 * outcome settles its {@link OperationFutures}.
 */
final class Operations {
    private final ChannelConfig config;
    private final Group group;
    private final int self;
    private final ProtocolPlan plan;
    private final NodeDriver driver;
    private final Executor storagePool;
    private int started;
    private Operation running;
    private OperationFutures runningFutures;

    Operations(ChannelConfig config, int self, NodeDriver driver, Executor storagePool) {
        this.config = config;
        this.group = config.group();
        this.self = self;
        this.plan = Protocols.plan(Protocols.byName(config.protocol()), group, config.options());
        this.driver = driver;
        this.storagePool = storagePool;
    }

    /** This node's neighbours in the protocol's peer graph. */
    List<Integer> neighbours() {
        return plan.graph().neighbours(self);
    }

    /** Starts the next operation over {@code storage}, which holds {@code possession}, and returns it. */
    Operation start(Manifest manifest, Storage storage, BitSet possession, OperationFutures futures) {
        int op = ++started;
        driver.transfer(new Transfer(op, manifest, storage));
        runningFutures = futures;
        running = new Operation(op, group, self, manifest, plan, config.failureTimeout(),
                driver, listener(storage, futures), new SplittableRandom(config.options().seed() * 31 + self * 7919L + op));
        running.start(possession, config.connectTimeout());
        return running;
    }

    /** The operation started last, finished or not; {@code null} before the first. */
    Operation running() {
        return running;
    }

    /** The number of the operation started last; 0 before the first. */
    int lastStarted() {
        return started;
    }

    /** Fails the running operation group-wide, if one is unfinished. */
    void failRunning(String reason) {
        if (running != null && !running.isFinished()) {
            running.fail(reason);
        }
    }

    /** Leaves the last operation ({@link Operation#leave}): the channel closes. */
    void leave(String reason) {
        if (running != null) {
            running.leave(reason);
        }
    }

    /** Fails the futures of the last operation when the event loop is gone and cannot settle them. */
    void failWithoutLoop(RobberException failure) {
        if (runningFutures != null) {
            runningFutures.fail(failure);
        }
    }

    List<String> membersNotDone() {
        return running == null ? List.of() : running.membersNotDone();
    }

    private OperationListener listener(Storage storage, OperationFutures futures) {
        return new OperationListener() {
            private boolean locallyComplete;

            @Override
            public void localComplete() {
                locallyComplete = true;
                storagePool.execute(() -> {
                    try {
                        storage.force();
                        futures.local().complete(null);
                    } catch (IOException e) {
                        futures.local().completeExceptionally(new RobberException(
                                "cannot flush the received data to storage: " + e.getMessage(), e));
                    }
                });
            }

            @Override
            public void globalComplete() {
                futures.local().thenRun(() -> futures.global().complete(null));
            }

            /** After local completion only the group-wide future fails, once the local one settled. */
            @Override
            public void failed(ProtocolException failure) {
                if (locallyComplete) {
                    futures.local().whenComplete((v, e) -> futures.global().completeExceptionally(failure));
                } else {
                    futures.fail(failure);
                }
            }
        };
    }
}
