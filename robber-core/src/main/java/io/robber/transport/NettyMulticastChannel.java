package io.robber.transport;

import io.netty.channel.EventLoop;
import io.robber.api.ChannelConfig;
import io.robber.api.ChannelMeters;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.Member;
import io.robber.api.MulticastChannel;
import io.robber.api.ProtocolException;
import io.robber.api.RobberException;
import io.robber.api.Storage;
import io.robber.engine.Operation;
import io.robber.metrics.RobberMeters;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@link MulticastChannel} over Netty: the channel's lifecycle and its queue of operations, each of
 * which starts once every neighbour is connected and the previous one finished group-wide. The
 * node's connections ({@link PeerLinks}), its engine ({@link Operations}) and its timers all run on
 * one event loop of the runtime, so the sans-IO engine is single-threaded without locks; storage
 * I/O and digests run on the runtime's storage pool. What arrives from peers goes through
 * {@link InboundDispatch}, the verdicts on received pieces through {@link PieceVerdicts}.
 */
final class NettyMulticastChannel implements MulticastChannel {
    private final ChannelConfig config;
    private final Group group;
    private final int self;
    private final EventLoop loop;
    private final RobberMeters meters;
    private final Operations operations;
    private final InboundDispatch inbound;
    private final PeerLinks links;
    private final PieceBudget pieceBudget;
    private final Object lifecycle = new Object();
    /** Members declared dead from outside ({@link #declareDead}), and why; only on the event loop. */
    private final String[] departed;
    private CompletableFuture<Void> lastGlobal = CompletableFuture.completedFuture(null);
    private volatile boolean closed;

    private NettyMulticastChannel(ChannelConfig config, TransportOptions transport) {
        this.config = config;
        this.group = config.group();
        this.self = group.indexOf(config.self());
        this.loop = transport.runtime().eventLoops().next();
        this.meters = new RobberMeters(config.meters(), config.protocol(), config.self());
        NodeDriver driver = new NodeDriver(group, self, loop, meters, transport, this::failRunning);
        this.operations = new Operations(config, self, driver, transport.runtime().storage());
        this.pieceBudget = new PieceBudget(transport.pieceBudget(), loop);
        PieceStore store = new PieceStore(loop, transport.runtime().storage(),
                new PieceVerdicts(group, config.self(), operations, driver), pieceBudget);
        this.inbound = new InboundDispatch(group, config.self(), config.failureTimeout(), operations, driver, store,
                transport.maxEarlyBytes());
        this.departed = new String[group.size()];
        this.links = new PeerLinks(config, transport, self, operations.neighbours(), loop, config.protocol(), inbound);
        pieceBudget.attach(links.reading());
        driver.attach(links);
    }

    /** The budget of this node's received pieces (for tests). */
    PieceBudget pieceBudget() {
        return pieceBudget;
    }

    static MulticastChannel open(ChannelConfig config, TransportOptions transport) {
        NettyMulticastChannel channel = new NettyMulticastChannel(config, transport);
        channel.links.start();
        return channel;
    }

    /** A storage failure of the node fails its running operation. */
    private void failRunning(String reason) {
        operations.failRunning(reason);
    }

    @Override
    public CompletableFuture<Void> multicastAsync(Manifest manifest, Storage storage, BitSet possession) {
        if (storage.size() != manifest.size()) {
            throw new IllegalArgumentException("storage holds " + storage.size() + " bytes but the manifest describes "
                    + manifest.size());
        }
        if (closed) {
            throw new IllegalStateException("channel of member " + config.self() + " is closed");
        }
        OperationFutures futures = OperationFutures.create();
        BitSet own = (BitSet) possession.clone();
        CompletableFuture<Void> previous;
        synchronized (lifecycle) {
            previous = lastGlobal;
            lastGlobal = futures.global();
        }
        links.allConnected()
                .thenCompose(v -> previous.handle((r, e) -> null))
                .whenCompleteAsync((v, error) -> {
                    if (error != null) {
                        futures.fail(asRobberException(error));
                    } else {
                        start(manifest, storage, own, futures);
                    }
                }, loop);
        return futures.local();
    }

    /** On the event loop: starts the operation, tells it which neighbours are away, replays what came early. */
    private void start(Manifest manifest, Storage storage, BitSet possession, OperationFutures futures) {
        if (closed) {
            futures.fail(new RobberException("channel of member " + config.self() + " is closed"));
            return;
        }
        Operation operation = operations.start(manifest, storage, possession, futures);
        for (int m = 0; m < departed.length; m++) {
            if (departed[m] != null) {
                operation.declareDead(m, departed[m]);
            }
        }
        for (int n : operations.neighbours()) {
            if (links.channel(n) == null && departed[n] == null) {
                operation.onPeerLost(n);
                links.redial(n);
            }
        }
        inbound.replayEarly(operation);
    }

    @Override
    public CompletableFuture<Void> flushAsync() {
        synchronized (lifecycle) {
            return lastGlobal;
        }
    }

    @Override
    public void flush(Duration timeout) throws InterruptedException {
        try {
            flushAsync().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw asRobberException(e.getCause());
        } catch (TimeoutException e) {
            List<String> notDone = onLoop(operations::membersNotDone);
            throw new ProtocolException("flush timed out after " + timeout.toSeconds() + " s; members not done: "
                    + notDone);
        }
    }

    @Override
    public void declareDead(String memberId, String reason) {
        int member = group.indexOf(memberId);
        if (member == self) {
            throw new IllegalArgumentException("member " + memberId + " is this channel's own");
        }
        loop.execute(() -> {
            if (closed || departed[member] != null) {
                return;
            }
            departed[member] = reason;
            links.exclude(member);
            Operation running = operations.running();
            if (running != null) {
                running.declareDead(member, reason);
            }
        });
    }

    @Override
    public Group group() {
        return group;
    }

    @Override
    public Member self() {
        return group.member(self);
    }

    @Override
    public ChannelMeters meters() {
        return meters;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (loop.isShuttingDown()) {
            operations.failWithoutLoop(new RobberException("the runtime of member " + config.self()
                    + " was closed before its channel"));
            return;
        }
        onLoop(() -> {
            operations.leave("channel of member " + config.self() + " closed before the operation finished");
            links.close();
            return null;
        });
    }

    private <T> T onLoop(Callable<T> task) {
        if (loop.inEventLoop()) {
            try {
                return task.call();
            } catch (Exception e) {
                throw new RobberException(e.getMessage(), e);
            }
        }
        try {
            return loop.submit(task).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RobberException("interrupted", e);
        } catch (ExecutionException e) {
            throw asRobberException(e.getCause());
        }
    }

    private static RobberException asRobberException(Throwable t) {
        Throwable cause = t;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause instanceof RobberException r ? r : new RobberException(String.valueOf(cause.getMessage()), cause);
    }
}
