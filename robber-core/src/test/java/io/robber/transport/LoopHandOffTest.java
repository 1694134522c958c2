package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.DefaultEventLoop;
import io.netty.util.concurrent.AbstractEventExecutor;
import io.netty.util.concurrent.DefaultPromise;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.util.concurrent.Promise;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A piece read on the storage pool reaches its event loop, or its buffers are released: never neither, never both. */
class LoopHandOffTest {
    @Test
    void aRunningLoopRunsTheTaskWhichOwnsTheBuffers() throws Exception {
        DefaultEventLoop loop = new DefaultEventLoop();
        try {
            ByteBuf data = Unpooled.buffer(8);
            CountDownLatch ran = new CountDownLatch(1);
            LoopHandOff.execute(loop, () -> {
                data.release();
                ran.countDown();
            }, data);
            assertThat(ran.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(data.refCnt()).isZero();
        } finally {
            loop.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void aStoppedLoopRejectsTheTaskAndTheBuffersAreReleased() {
        DefaultEventLoop loop = new DefaultEventLoop();
        loop.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
        ByteBuf header = Unpooled.buffer(8);
        ByteBuf data = Unpooled.buffer(8);
        AtomicInteger runs = new AtomicInteger();

        LoopHandOff.execute(loop, runs::incrementAndGet, header, data);

        assertThat(runs).hasValue(0);
        assertThat(header.refCnt()).isZero();
        assertThat(data.refCnt()).isZero();
    }

    @Test
    void aTaskAStoppingLoopAcceptsButDropsHasItsBuffersReleasedWhenTheLoopTerminates() {
        DroppingLoop loop = new DroppingLoop();
        ByteBuf data = Unpooled.buffer(8);
        AtomicInteger runs = new AtomicInteger();

        LoopHandOff.execute(loop, runs::incrementAndGet, data);
        assertThat(data.refCnt()).as("still the loop's until it terminates").isOne();
        loop.terminate();

        assertThat(runs).hasValue(0);
        assertThat(data.refCnt()).isZero();
    }

    @Test
    void aTaskAStoppingLoopStillRunsKeepsItsBuffersPassedOn() {
        DroppingLoop loop = new DroppingLoop();
        ByteBuf data = Unpooled.buffer(8);
        AtomicInteger runs = new AtomicInteger();

        LoopHandOff.execute(loop, runs::incrementAndGet, data);
        loop.runAccepted();
        loop.terminate();

        assertThat(runs).hasValue(1);
        assertThat(data.refCnt()).as("the task passed it on; releasing it is the task's business").isOne();
        data.release();
    }

    /**
     * A loop in the last round of its shutdown: it accepts tasks, and runs the one it accepted only if
     * told to, as Netty's loop runs a task added before its last round and drops one added during it.
     */
    private static final class DroppingLoop extends AbstractEventExecutor {
        private final Promise<Void> terminated = new DefaultPromise<>(GlobalEventExecutor.INSTANCE);
        private Runnable accepted;

        void runAccepted() {
            accepted.run();
        }

        void terminate() {
            terminated.setSuccess(null);
            GlobalEventExecutor.INSTANCE.submit(() -> { }).syncUninterruptibly();
        }

        @Override
        public void execute(Runnable task) {
            accepted = task;
        }

        @Override
        public boolean isShuttingDown() {
            return true;
        }

        @Override
        public boolean isShutdown() {
            return true;
        }

        @Override
        public boolean isTerminated() {
            return terminated.isDone();
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
            return terminated.await(timeout, unit);
        }

        @Override
        public Future<?> shutdownGracefully(long quietPeriod, long timeout, TimeUnit unit) {
            return terminated;
        }

        @Override
        public Future<?> terminationFuture() {
            return terminated;
        }

        @Override
        @Deprecated
        public void shutdown() {
        }

        @Override
        public boolean inEventLoop(Thread thread) {
            return false;
        }
    }
}
