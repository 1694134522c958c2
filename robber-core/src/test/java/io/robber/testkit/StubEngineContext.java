package io.robber.testkit;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.engine.EngineContext;
import io.robber.engine.ProtocolMetrics;
import io.robber.engine.Timers;
import io.robber.wire.Message;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * An {@link EngineContext} for driving one engine by hand: a fixed group, manifest and neighbours,
 * a clock the test sets ({@link #now}) whose timers never fire, and no metrics. What the engine sends
 * goes nowhere; a test that looks at it overrides the send methods. A failure or a dropped peer
 * fails the test.
 */
public class StubEngineContext implements EngineContext {
    private final Group group;
    private final int self;
    private final Manifest manifest;
    private final List<Integer> neighbours;
    private final RandomGenerator random;
    /** The engine's clock, in nanoseconds. */
    public long now;
    /** The members known to hold every piece. */
    public final BitSet done = new BitSet();

    public StubEngineContext(Group group, int self, Manifest manifest, List<Integer> neighbours,
                             RandomGenerator random) {
        this.group = group;
        this.self = self;
        this.manifest = manifest;
        this.neighbours = neighbours;
        this.random = random;
    }

    @Override
    public int op() {
        return 1;
    }

    @Override
    public boolean isDone(int member) {
        return done.get(member);
    }

    @Override
    public int self() {
        return self;
    }

    @Override
    public Group group() {
        return group;
    }

    @Override
    public Manifest manifest() {
        return manifest;
    }

    @Override
    public List<Integer> neighbours() {
        return neighbours;
    }

    @Override
    public void send(int peer, Message message) {
    }

    /** Sent at once: through {@link #send(int, Message)}, which tests override to record messages. */
    @Override
    public void send(int peer, Message message, Runnable sent) {
        send(peer, message);
        sent.run();
    }

    @Override
    public void sendOwn(int peer, Object message) {
    }

    @Override
    public void sendPiece(int peer, int piece) {
    }

    @Override
    public void pushPiece(int peer, int piece) {
    }

    @Override
    public void completed() {
    }

    @Override
    public void fail(String reason) {
        throw new AssertionError(reason);
    }

    @Override
    public Duration failureTimeout() {
        return Duration.ofSeconds(30);
    }

    @Override
    public void drop(int peer, String reason) {
        throw new AssertionError("dropped " + peer + ": " + reason);
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public Timers timers() {
        return new Timers() {
            @Override
            public long nanoTime() {
                return now;
            }

            @Override
            public Runnable schedule(long delayNanos, Runnable task) {
                return () -> { };
            }
        };
    }

    @Override
    public ProtocolMetrics metrics() {
        return new ProtocolMetrics() { };
    }
}
