package io.robber.rendezvous;

import io.robber.rendezvous.control.ControlMessage;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/** A receiver whose copy is complete serves its peers until the transfer ends for everyone. */
final class ServingUntilTheEnd {
    private static final long TICK_MILLIS = 100;

    private ServingUntilTheEnd() {
    }

    /**
     * Keeps serving until every member is done ({@code flush}), the coordinator tells how the transfer
     * ended ({@code end}), this receiver was declared dead or {@code deadline} (the end of {@code timeout})
     * passed; returns the members that failed.
     */
    static List<String> await(CompletableFuture<Void> flush, CompletableFuture<ControlMessage> end,
                              BooleanSupplier declaredDead, long deadline, Duration timeout, TransferListener reporter)
            throws InterruptedException {
        while (!declaredDead.getAsBoolean()) {
            if (flush.isDone() && !flush.isCompletedExceptionally()) {
                return List.of();
            }
            if (end.isDone()) {
                ControlMessage message = end.handle((m, t) -> m).join();
                if (message instanceof ControlMessage.Finish finish) {
                    if (!finish.failed().isEmpty()) {
                        reporter.warn("this copy is complete but the transfer failed for "
                                + String.join(", ", finish.failed()) + (finish.reason() == null ? ""
                                : " (" + finish.reason() + ")"));
                    }
                    return finish.failed();
                }
                if (message instanceof ControlMessage.Abort abort) {
                    reporter.warn("this copy is complete; the sender gave up on the others: " + abort.reason());
                    return List.of();
                }
                if (flush.isDone()) {
                    reporter.warn("this copy is complete; lost the coordinator and the group-wide flush failed: "
                            + Transfers.describe(flush.handle((v, e) -> e).join()));
                    return List.of();
                }
            }
            if (System.nanoTime() > deadline) {
                reporter.warn("this copy is complete but not every member finished within --timeout "
                        + Units.duration(timeout));
                return List.of();
            }
            try {
                CompletableFuture.anyOf(flush, end).get(TICK_MILLIS, TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException e) {
                // looked at on the next round
            }
        }
        return List.of();
    }
}
