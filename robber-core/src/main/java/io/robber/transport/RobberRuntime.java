package io.robber.transport;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The threads behind channels: Netty event loops (each node runs its connections and its engine on
 * one of them) and a pool for storage I/O and digests, kept off the event loops. Many nodes of one
 * JVM share one runtime, so 64 nodes do not need 64 sets of threads.
 */
public final class RobberRuntime implements AutoCloseable {
    private static RobberRuntime shared;

    private final EventLoopGroup eventLoops;
    private final ExecutorService storage;
    private final boolean closeable;
    /** The open sockets of the channels on these event loops: listening, dialled and accepted. */
    private final ChannelGroup sockets = new DefaultChannelGroup("robber-sockets", GlobalEventExecutor.INSTANCE);
    private volatile boolean closing;

    private RobberRuntime(int ioThreads, int storageThreads, boolean closeable) {
        this.eventLoops = new MultiThreadIoEventLoopGroup(ioThreads,
                new DefaultThreadFactory("robber-io", true), NioIoHandler.newFactory());
        this.storage = Executors.newFixedThreadPool(storageThreads, new DefaultThreadFactory("robber-storage", true));
        this.closeable = closeable;
    }

    /** A runtime with the given thread counts; close it when its channels are closed. */
    public static RobberRuntime create(int ioThreads, int storageThreads) {
        if (ioThreads < 1 || storageThreads < 1) {
            throw new IllegalArgumentException("a runtime needs at least one I/O and one storage thread");
        }
        return new RobberRuntime(ioThreads, storageThreads, true);
    }

    /** The JVM-wide default: one event loop and two storage threads per core, daemon threads. */
    public static synchronized RobberRuntime shared() {
        if (shared == null) {
            int cores = java.lang.Runtime.getRuntime().availableProcessors();
            shared = new RobberRuntime(cores, Math.max(2, 2 * cores), false);
        }
        return shared;
    }

    public EventLoopGroup eventLoops() {
        return eventLoops;
    }

    public ExecutorService storage() {
        return storage;
    }

    /** Counts a socket of a channel on this runtime, to be closed with it; one opened while it closes is closed at once. */
    void track(Channel socket) {
        sockets.add(socket);
        if (closing) {
            socket.close();
        }
    }

    /**
     * Closes the sockets still open, then stops the threads; the shared runtime lives as long as the
     * JVM and ignores this. The sockets go first because a Netty event loop closes its own only if it
     * sees the shutdown before its last round of tasks, not during it: a socket left open outlives
     * its thread, and the peers at its other end wait for it forever.
     */
    @Override
    public void close() {
        if (!closeable) {
            return;
        }
        closing = true;
        sockets.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        eventLoops.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        // No shutdownNow(): interrupting a thread inside FileChannel I/O would close the caller's file.
        storage.shutdown();
        try {
            storage.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
