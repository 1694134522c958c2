package io.robber.transport;

import io.robber.api.RobberException;
import java.util.concurrent.CompletableFuture;

/** The two futures of one operation: this node holds every piece ({@code local}); every member does ({@code global}). */
record OperationFutures(CompletableFuture<Void> local, CompletableFuture<Void> global) {

    static OperationFutures create() {
        return new OperationFutures(new CompletableFuture<>(), new CompletableFuture<>());
    }

    void fail(RobberException failure) {
        local.completeExceptionally(failure);
        global.completeExceptionally(failure);
    }
}
