package io.robber.rendezvous.control;

import io.robber.rendezvous.TransferFailedException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The sender's wait for its receivers, by a {@link StartPolicy}: on the caller's thread, reading the
 * {@link Roster} on the coordinator's loop, until the group may be fixed ({@link Coordinator#fix()}).
 */
final class StartWait {
    /** How often the wait looks again once it may start without every receiver. */
    private static final Duration POLL = Duration.ofMillis(100);

    private final Coordinator coordinator;
    private final Roster roster;
    private final StartPolicy policy;
    private final long deadline;
    private final long startAt;
    private final int atLeast;

    StartWait(Coordinator coordinator, Roster roster, StartPolicy policy) {
        policy.check(roster.expected());
        this.coordinator = coordinator;
        this.roster = roster;
        this.policy = policy;
        long begin = System.nanoTime();
        this.deadline = begin + policy.waitFor().toNanos();
        this.startAt = begin + policy.startAt().toNanos();
        this.atLeast = policy.atLeast(roster.expected());
    }

    /** Waits for enough receivers and for {@code ready}, then fixes the group; its receivers. */
    List<Registration> await(CompletableFuture<?> ready) throws InterruptedException {
        while (true) {
            CompletableFuture<List<Registration>> complete = coordinator.onLoop(roster::whenFull);
            long now = System.nanoTime();
            long until = now - startAt < 0 ? startAt : Math.min(deadline, now + POLL.toNanos());
            try {
                complete.get(Math.max(0, until - now), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                if (!coordinator.onLoop(this::mayStart)) {
                    if (System.nanoTime() - deadline >= 0) {
                        throw new TransferFailedException(coordinator.onLoop(() -> roster.shortfall(policy.waitFor(),
                                atLeast, coordinator.address())), null);
                    }
                    continue;
                }
            } catch (ExecutionException e) {
                if (e.getCause() instanceof TransferFailedException declined) {
                    throw new TransferFailedException(declined.getMessage(), null);
                }
                throw new IllegalStateException(e.getCause());
            }
            try {
                ready.get();
            } catch (ExecutionException e) {
                // the caller reads the failure from its own future
            }
            List<Registration> group = coordinator.onLoop(() -> {
                if (!mayStart()) {
                    return null;
                }
                coordinator.fix();
                return roster.registrations();
            });
            if (group != null) {
                return group;
            }
        }
    }

    /** Every expected receiver is there, or, once the start time has passed, enough of them. */
    private boolean mayStart() {
        return roster.isFull() || System.nanoTime() - startAt >= 0 && roster.size() >= atLeast;
    }
}
