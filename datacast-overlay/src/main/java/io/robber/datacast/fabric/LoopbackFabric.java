package io.robber.datacast.fabric;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.robber.datacast.topology.Network;
import io.robber.sim.VirtualClock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The {@link Fabric} in real time on loopback, with real bytes: the same ports (rates, queues, loss,
 * links up and down) and the same node handlers, every node a relay listening on its own 127.2.x.y
 * address, every link a TCP connection between its ends ({@link LoopbackWire}), every packet that
 * crosses a link written and read as bytes, payload included ({@link PayloadCodec}). One event-loop
 * thread runs the whole fabric, its clock paced to the wall clock ({@link WallClockPacer}).
 *
 * <p>Build the protocol on {@link #fabric()} (its handlers and their timers), then {@link #run} it;
 * read its results through {@link #call}, on the fabric's thread.
 */
public final class LoopbackFabric implements AutoCloseable {
    private final EventLoopGroup group;
    private final EventLoop loop;
    private final LoopbackWire wire;
    private final WallClockPacer pacer;
    private final Fabric fabric;
    private long wallNanos;

    private LoopbackFabric(Network network, long seed, PayloadCodec codec) {
        VirtualClock clock = new VirtualClock();
        this.group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("loopback-fabric", true),
                NioIoHandler.newFactory());
        this.loop = group.next();
        this.wire = new LoopbackWire(network, clock, new PacketFrames(codec));
        this.pacer = new WallClockPacer(clock, loop, wire::flush);
        this.fabric = new Fabric(network, clock, seed, wire);
        wire.attach(fabric, pacer);
    }

    /**
     * Binds every node's address and connects every link of {@code network}, seeded as a
     * {@link Fabric} is (its loss draws), payloads written by {@code codec}.
     */
    public static LoopbackFabric open(Network network, long seed, PayloadCodec codec, Duration connectTimeout)
            throws InterruptedException {
        LoopbackFabric opened = new LoopbackFabric(network, seed, codec);
        try {
            opened.wire.connect(opened.loop, connectTimeout);
        } catch (RuntimeException | InterruptedException e) {
            opened.close();
            throw e;
        }
        return opened;
    }

    /** The fabric to attach handlers to; its clock is the virtual time, paced to the wall clock once running. */
    public Fabric fabric() {
        return fabric;
    }

    /**
     * Runs {@code start} on the fabric's thread at time 0, then the fabric in real time until
     * {@code done} holds (checked on that thread after each batch of events) or {@code timeout}
     * passes; whether it is done.
     */
    public boolean run(Runnable start, BooleanSupplier done, Duration timeout) throws InterruptedException {
        CompletableFuture<Boolean> finished = new CompletableFuture<>();
        loop.execute(() -> pacer.start(start, () -> {
            if (done.getAsBoolean()) {
                pacer.stop();
                wallNanos = pacer.wallNanos();
                finished.complete(true);
            }
        }));
        try {
            return finished.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            call(() -> {
                pacer.stop();
                wallNanos = pacer.wallNanos();
                return null;
            });
            return false;
        } catch (ExecutionException e) {
            throw new IllegalStateException("the loopback fabric failed", e.getCause());
        }
    }

    /** Runs {@code task} on the fabric's thread (where its handlers live) and returns its result. */
    public <T> T call(Supplier<T> task) throws InterruptedException {
        try {
            return loop.submit(task::get).get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("a task on the loopback fabric failed", e.getCause());
        }
    }

    /** The wall-clock time the last {@link #run} took. */
    public long wallNanos() {
        return wallNanos;
    }

    /** Bytes written on the links' sockets so far (frames: the packets with their routes and payloads). */
    public long wireBytes() throws InterruptedException {
        return call(wire::bytesWritten);
    }

    /** Frames (packets crossing a link) written on the sockets so far. */
    public long wireFrames() throws InterruptedException {
        return call(wire::framesWritten);
    }

    /** Socket writes so far: each flushes one connection's frames written since its last. */
    public long wireWrites() throws InterruptedException {
        return call(wire::flushes);
    }

    @Override
    public void close() {
        if (!loop.isShuttingDown()) {
            try {
                loop.submit(wire::close).await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
