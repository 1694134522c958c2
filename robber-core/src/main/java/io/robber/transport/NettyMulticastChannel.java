package io.robber.transport;

import io.netty.channel.EventLoop;
import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.Member;
import io.robber.api.MulticastChannel;
import io.robber.api.ProtocolException;
import io.robber.api.RobberException;
import io.robber.api.Storage;
import io.robber.engine.Operation;
import io.robber.engine.OperationListener;
import io.robber.engine.Protocol;
import io.robber.engine.ProtocolPlan;
import io.robber.engine.Protocols;
import io.robber.metrics.RobberMeters;
import io.robber.wire.Message;
import io.robber.wire.PieceFrame;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link MulticastChannel} over Netty. The node's connections, its engine and its timers all run on
 * one event loop of the runtime, so the sans-IO engine is single-threaded without locks; storage
 * I/O and digests run on the runtime's storage pool.
 */
public final class NettyMulticastChannel implements MulticastChannel, LinkListener, PieceStore.Verdicts {
    private static final Logger LOG = LoggerFactory.getLogger(NettyMulticastChannel.class);
    /** Messages of operations this node has not started yet that it keeps, across all peers. */
    static final int MAX_EARLY_MESSAGES = 100_000;

    private final ChannelConfig config;
    private final Group group;
    private final int self;
    private final Protocol protocol;
    private final ProtocolPlan plan;
    private final EventLoop loop;
    private final RobberMeters meters;
    private final NodeDriver driver;
    private final PeerLinks links;
    private final PieceStore store;
    private final List<Early> early = new ArrayList<>();
    private final Object lifecycle = new Object();
    private CompletableFuture<Void> lastGlobal = CompletableFuture.completedFuture(null);
    private int opCounter;
    private Operation current;
    private OperationFutures currentFutures;
    private volatile boolean closed;

    private record Early(int peer, Message message) {
    }

    private record OperationFutures(CompletableFuture<Void> local, CompletableFuture<Void> global) {
    }

    private NettyMulticastChannel(ChannelConfig config) {
        this.config = config;
        this.group = config.group();
        this.self = group.indexOf(config.self());
        this.protocol = Protocols.byName(config.protocol());
        this.plan = protocol.plan(group, config.options());
        this.loop = config.runtime().eventLoops().next();
        this.meters = new RobberMeters(config.meters(), protocol.name(), config.self());
        this.driver = new NodeDriver(group, self, loop, meters, config.runtime().storage(),
                reason -> failCurrent(new ProtocolException(reason)));
        this.links = new PeerLinks(config, self, plan.graph().neighbours(self), loop, protocol.name(), this);
        this.driver.attach(links);
        this.store = new PieceStore(loop, config.runtime().storage(), this);
    }

    public static MulticastChannel open(ChannelConfig config) {
        NettyMulticastChannel channel = new NettyMulticastChannel(config);
        channel.links.start();
        return channel;
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
        OperationFutures futures = new OperationFutures(new CompletableFuture<>(), new CompletableFuture<>());
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
                        fail(futures, asRobberException(error));
                    } else {
                        start(manifest, storage, own, futures);
                    }
                }, loop);
        return futures.local();
    }

    private void start(Manifest manifest, Storage storage, BitSet possession, OperationFutures futures) {
        if (closed) {
            fail(futures, new RobberException("channel of member " + config.self() + " is closed"));
            return;
        }
        int op = ++opCounter;
        driver.transfer(new Transfer(op, manifest, storage));
        currentFutures = futures;
        current = new Operation(op, group, self, manifest, plan, config.failureTimeout(), driver,
                listener(storage, futures), new SplittableRandom(config.options().seed() * 31 + self * 7919L + op));
        current.start(possession);
        for (int n : plan.graph().neighbours(self)) {
            if (links.channel(n) == null) {
                current.onPeerLost(n);
                links.redial(n);
            }
        }
        replayEarly(op);
    }

    private OperationListener listener(Storage storage, OperationFutures futures) {
        return new OperationListener() {
            private boolean locallyComplete;

            @Override
            public void localComplete() {
                locallyComplete = true;
                config.runtime().storage().execute(() -> {
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
                    fail(futures, failure);
                }
            }
        };
    }

    private static void fail(OperationFutures futures, RobberException failure) {
        futures.local().completeExceptionally(failure);
        futures.global().completeExceptionally(failure);
    }

    private void failCurrent(ProtocolException failure) {
        if (current != null && !current.isFinished()) {
            current.fail(failure.getMessage());
        }
    }

    private void replayEarly(int op) {
        Iterator<Early> it = early.iterator();
        List<Early> now = new ArrayList<>();
        while (it.hasNext()) {
            Early e = it.next();
            if (e.message().op() <= op) {
                it.remove();
                if (e.message().op() == op) {
                    now.add(e);
                }
            }
        }
        now.forEach(e -> current.onMessage(e.peer(), e.message()));
    }

    // ---- LinkListener: frames from peers, on the event loop ----

    @Override
    public void onMessage(int peer, Message message) {
        if (current != null && message.op() == current.op()) {
            current.onMessage(peer, message);
        } else if (message.op() > opCounter) {
            if (early.size() >= MAX_EARLY_MESSAGES) {
                driver.disconnect(peer, "too many messages for operations not started yet");
                return;
            }
            early.add(new Early(peer, message));
        }
    }

    @Override
    public void onPiece(int peer, PieceFrame piece) {
        Transfer transfer = driver.transfer();
        if (transfer == null || piece.op() != transfer.op() || current.isFinished()) {
            piece.data().release();
            if (transfer == null || piece.op() > transfer.op()) {
                driver.disconnect(peer, "sent a piece of an operation not started yet");
            }
            return;
        }
        Manifest manifest = transfer.manifest();
        if (piece.piece() >= manifest.pieceCount() || piece.data().readableBytes() != manifest.pieceLength(piece.piece())) {
            int length = piece.data().readableBytes();
            piece.data().release();
            driver.disconnect(peer, "sent piece " + piece.piece() + " with " + length
                    + " bytes, which does not fit the manifest");
            return;
        }
        meters.pieceIn(driver.scope(peer), piece.data().readableBytes());
        store.accept(peer, transfer, piece);
    }

    @Override
    public void onWritable(int peer) {
        driver.writable(peer);
    }

    @Override
    public void onLinkUp(int peer) {
        if (current != null) {
            if (!current.isFinished()) {
                LOG.info("{}: member {} is connected again", config.self(), group.member(peer).id());
            }
            current.onPeerReconnected(peer);
        }
    }

    @Override
    public void onLinkDown(int peer) {
        driver.linkDown(peer);
        if (current != null && !current.isFinished()) {
            LOG.warn("{}: lost connection to member {}; waiting up to {} s for it to come back", config.self(),
                    group.member(peer).id(), config.failureTimeout().toMillis() / 1000.0);
            current.onPeerLost(peer);
        }
    }

    // ---- PieceStore.Verdicts, on the event loop ----

    @Override
    public void stored(int peer, Transfer transfer, int piece) {
        if (transfer == driver.transfer()) {
            current.onPieceReceived(peer, piece);
        }
    }

    @Override
    public void rejected(int peer, Transfer transfer, int piece) {
        if (transfer == driver.transfer()) {
            LOG.warn("{}: piece {} from member {} failed its digest check; discarded", config.self(), piece,
                    group.member(peer).id());
            current.onPieceRejected(peer, piece);
        }
    }

    @Override
    public void writeFailed(Transfer transfer, String reason) {
        if (transfer == driver.transfer()) {
            failCurrent(new ProtocolException(reason));
        }
    }

    // ---- the rest of the API ----

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
            List<String> notDone = onLoop(() -> current == null ? List.<String>of() : current.membersNotDone());
            throw new ProtocolException("flush timed out after " + timeout.toSeconds() + " s; members not done: "
                    + notDone);
        }
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
    public RobberMeters meters() {
        return meters;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (loop.isShuttingDown()) {
            if (currentFutures != null) {
                fail(currentFutures, new RobberException("the runtime of member " + config.self()
                        + " was closed before its channel"));
            }
            return;
        }
        onLoop(() -> {
            if (current != null && !current.isFinished()) {
                current.abandon("channel of member " + config.self() + " closed before the operation finished");
            }
            links.close();
            return null;
        });
    }

    private <T> T onLoop(java.util.concurrent.Callable<T> task) {
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
        while (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause instanceof RobberException r ? r : new RobberException(String.valueOf(cause.getMessage()), cause);
    }
}
