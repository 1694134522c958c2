package io.robber.api;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** Unwraps futures so that callers see Robber's own exceptions. */
final class Futures {
    private Futures() {
    }

    static <T> T await(CompletableFuture<T> future) throws InterruptedException {
        try {
            return future.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RobberException r) {
                throw r;
            }
            throw new RobberException(String.valueOf(cause.getMessage()), cause);
        }
    }
}
