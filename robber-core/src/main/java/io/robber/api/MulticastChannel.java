package io.robber.api;

import java.time.Duration;
import java.util.BitSet;
import java.util.concurrent.CompletableFuture;

/**
 * A long-lived multicast channel over a fixed {@link Group}, with one of several protocols behind
 * it. Every member opens a channel on the same group; each operation delivers one data set from
 * the members that hold it to every member.
 *
 * <p>Ibis semantics: {@link #multicast} returns when <em>this</em> node holds every piece (its
 * storage is then readable); {@link #flush} returns when <em>every</em> member holds every piece.
 * Operations run one after the other: a new operation first waits for the previous one to finish
 * group-wide.
 */
public interface MulticastChannel extends AutoCloseable {

    /**
     * Opens this node's channel: binds its address and connects to its peers, through the transport
     * on the class path (the {@link ChannelProvider} found by {@link java.util.ServiceLoader}).
     *
     * @throws IllegalStateException when no transport, or more than one, is on the class path
     */
    static MulticastChannel open(ChannelConfig config) {
        return ChannelProviders.provider().open(config);
    }

    /**
     * Delivers the data set described by {@code manifest}. {@code storage} holds it on this node;
     * {@code possession} names the pieces already there (all of them on a root, none on a plain
     * receiver). Blocks until this node holds every verified piece.
     *
     * @throws ProtocolException when the operation cannot succeed, e.g. no root collective
     */
    default void multicast(Manifest manifest, Storage storage, BitSet possession) throws InterruptedException {
        Futures.await(multicastAsync(manifest, storage, possession));
    }

    /** Starts an operation; the future completes when this node holds every piece. */
    CompletableFuture<Void> multicastAsync(Manifest manifest, Storage storage, BitSet possession);

    /** Blocks until every member of the group holds every piece of the last operation. */
    default void flush() throws InterruptedException {
        Futures.await(flushAsync());
    }

    /** Like {@link #flush()}, failing with a {@link ProtocolException} that names the members still missing data. */
    void flush(Duration timeout) throws InterruptedException;

    /** Completes when every member holds every piece of the last operation. */
    CompletableFuture<Void> flushAsync();

    /**
     * Someone outside the data plane knows that {@code memberId} is gone (e.g. the coordinator of a
     * rendezvous lost its control connection, or the member could not open its channel): this channel
     * stops waiting for it to connect and declares it dead in the running operation and in every later
     * one, at once and group-wide, instead of after the connect or failure timeout. Its work is taken
     * over as after any death.
     *
     * @param reason one line, passed on to the group with the death
     * @throws IllegalArgumentException when {@code memberId} is not another member of the group
     */
    void declareDead(String memberId, String reason);

    Group group();

    /** This node's member. */
    Member self();

    /** This node's counts so far (also {@code robber.*} meters in the configured registry). */
    ChannelMeters meters();

    /** Closes all connections; an unfinished operation fails. */
    @Override
    void close();
}
