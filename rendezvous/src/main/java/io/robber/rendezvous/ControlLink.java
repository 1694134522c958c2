package io.robber.rendezvous;

import io.robber.rendezvous.control.ControlMessage;
import io.robber.rendezvous.control.CoordinatorClient;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A receiver's control connection for a running transfer, which survives the connection's loss: a
 * reset, a proxy or NAT that drops it, a coordinator's network that blinks. When the connection ends
 * without the coordinator's finish or abort, the link connects and registers again as the same
 * receiver within the failure timeout, for which the coordinator holds its place ({@code rejoin}),
 * takes the start frame it is sent again and goes on: progress, departures and the outcome flow over
 * the new connection, and an outcome already sent is sent there again. The data channel never
 * notices. Only when no new connection is taken back in time, or the coordinator declared this receiver
 * dead before closing the connection, does {@link #end()} fail, as the connection's did.
 */
final class ControlLink implements AutoCloseable {
    /** Connects to the coordinator within a wait, as the receiver first did. */
    @FunctionalInterface
    interface Connector {
        CoordinatorClient connect(Duration wait) throws InterruptedException;
    }

    private static final long FIRST_RETRY_MILLIS = 100;
    private static final long MAX_RETRY_MILLIS = 1000;

    private final Connector connector;
    private final ReceiverTransfer.Settings settings;
    private final TransferListener reporter;
    private final CompletableFuture<ControlMessage> end = new CompletableFuture<>();
    /** The members that departed, each once, whichever connection told it. */
    private final Map<String, ControlMessage.Departed> departed = new LinkedHashMap<>();
    private volatile CoordinatorClient current;
    private volatile LongSupplier progress = () -> 0;
    private Consumer<ControlMessage.Departed> departures = d -> { };
    /** The coordinator declared this receiver dead: it closes the connection, and no new one is made. */
    private boolean givenUp;
    /** This receiver's outcome once it has one, for every connection to come. */
    private ControlMessage.Done outcome;
    private boolean closed;

    /**
     * @param connector how to connect again, or null to take the first connection's loss as final
     */
    ControlLink(CoordinatorClient first, Connector connector, ReceiverTransfer.Settings settings,
                TransferListener reporter) {
        this.connector = connector;
        this.settings = settings;
        this.reporter = reporter;
        follow(first);
    }

    String coordinator() {
        return current.coordinator();
    }

    /** Where the heartbeat reads this node's progress from, on every connection. */
    void progress(LongSupplier bytes) {
        progress = bytes;
        current.progress(bytes);
    }

    /** Who hears of the members that departed, each once, whichever connection told it: those known at once. */
    synchronized void departures(Consumer<ControlMessage.Departed> sink) {
        departures = sink;
        departed.values().forEach(sink);
    }

    /**
     * Sends this receiver's outcome, and again on every new connection: one the lost connection took
     * may never have arrived, and the coordinator keeps the first it gets.
     */
    void done(ControlMessage.Done done) throws IOException {
        CoordinatorClient client;
        synchronized (this) {
            outcome = done;
            client = current;
        }
        client.done(done);
    }

    /**
     * Completes with the coordinator's finish or abort; fails when the connection is lost and not taken
     * back within the failure timeout.
     */
    CompletableFuture<ControlMessage> end() {
        return end;
    }

    private synchronized void departed(ControlMessage.Departed d) {
        givenUp |= d.id().equals(settings.id());
        if (departed.putIfAbsent(d.id(), d) == null) {
            departures.accept(d);
        }
    }

    private void follow(CoordinatorClient client) {
        current = client;
        client.departures(this::departed);
        client.end().whenComplete((message, failure) -> {
            if (failure == null) {
                end.complete(message);
            } else if (connector == null || isClosed() || isGivenUp()) {
                end.completeExceptionally(failure);
            } else {
                Thread reconnect = new Thread(() -> reconnect(client, failure), "robber-control-reconnect");
                reconnect.setDaemon(true);
                reconnect.start();
            }
        });
    }

    /** Connects and registers again until the coordinator takes this receiver back, or the time is up. */
    private void reconnect(CoordinatorClient lost, Throwable why) {
        String where = lost.coordinator();
        Duration window = settings.failureTimeout();
        reporter.warn("lost the control connection to the coordinator at " + where + " ("
                + Transfers.describe(why instanceof CompletionException c ? c.getCause() : why) + "); connecting again "
                + "for up to " + Units.duration(window));
        lost.close();
        long deadline = System.nanoTime() + window.toNanos();
        long backoff = FIRST_RETRY_MILLIS;
        String problem = "no answer";
        while (System.nanoTime() < deadline && !isClosed()) {
            try {
                CoordinatorClient fresh = connector.connect(Duration.ofNanos(deadline - System.nanoTime()));
                try {
                    if (takenBack(fresh)) {
                        reporter.info("connected again to the coordinator at " + fresh.coordinator()
                                + ": it took this receiver back");
                        return;
                    }
                    problem = "the coordinator took it for a new receiver";
                } finally {
                    if (current != fresh) {
                        fresh.close();
                    }
                }
                break;
            } catch (IOException | RendezvousException e) {
                problem = Transfers.describe(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            try {
                Thread.sleep(backoff);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            backoff = Math.min(MAX_RETRY_MILLIS, backoff * 2);
        }
        end.completeExceptionally(new IOException("lost the control connection to the coordinator at " + where
                + " and could not connect again within " + Units.duration(window) + " (" + problem + ")", why));
    }

    /** Registers on {@code fresh} as this receiver; when taken back, the transfer goes on over it. */
    private boolean takenBack(CoordinatorClient fresh) throws IOException {
        ControlMessage.Accepted accepted = fresh.register(settings.id(), settings.cluster(), settings.host(),
                settings.port(), settings.groupDigest());
        if (!accepted.rejoined()) {
            return false;
        }
        fresh.awaitStart(waiting -> { });
        fresh.progress(progress);
        follow(fresh);
        ControlMessage.Done sent;
        synchronized (this) {
            sent = outcome;
        }
        if (sent != null) {
            fresh.done(sent);
        }
        return true;
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    private synchronized boolean isGivenUp() {
        return givenUp;
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        current.close();
    }
}
