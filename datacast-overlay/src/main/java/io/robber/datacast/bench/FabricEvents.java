package io.robber.datacast.bench;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.topology.Network;
import java.util.List;
import java.util.Objects;

/**
 * What happens to the fabric during a run, as the papers' experiments do it: every arc losing packets
 * at random at {@code lossRate}, links that fail at given times (and may come back up), receivers
 * that crash at given times, and {@code background} flows sharing the links.
 */
public record FabricEvents(double lossRate, List<LinkFailure> linkFailures, List<ReceiverCrash> receiverCrashes,
        BackgroundFlows background) {
    /** Nothing happens. */
    public static final FabricEvents NONE = new FabricEvents(0, List.of(), List.of());

    /**
     * Link {@code link} goes down at virtual time {@code atNanos} and comes back up at
     * {@code upAtNanos}, or stays down if that is {@link #STAYS_DOWN}.
     */
    public record LinkFailure(long atNanos, int link, long upAtNanos) {
        /** The link does not come back up. */
        public static final long STAYS_DOWN = -1;

        /** Link {@code link} goes down at {@code atNanos} for good. */
        public LinkFailure(long atNanos, int link) {
            this(atNanos, link, STAYS_DOWN);
        }

        public LinkFailure {
            if (atNanos < 0) {
                throw new IllegalArgumentException("a link fails at a time from 0 on, got " + atNanos + " ns");
            }
            if (upAtNanos != STAYS_DOWN && upAtNanos <= atNanos) {
                throw new IllegalArgumentException("a link comes back up after it fails: " + upAtNanos
                        + " ns is not after " + atNanos + " ns");
            }
        }
    }

    /** Receiver {@code node} crashes at virtual time {@code atNanos}: it takes in and answers nothing from then on. */
    public record ReceiverCrash(long atNanos, int node) {
    }

    /** Loss, link failures and crashes, without background traffic. */
    public FabricEvents(double lossRate, List<LinkFailure> linkFailures, List<ReceiverCrash> receiverCrashes) {
        this(lossRate, linkFailures, receiverCrashes, BackgroundFlows.NONE);
    }

    public FabricEvents {
        Objects.requireNonNull(background, "background");
        if (!(lossRate >= 0 && lossRate < 1)) {
            throw new IllegalArgumentException("the loss rate must be in [0, 1), got " + lossRate);
        }
        linkFailures = List.copyOf(linkFailures);
        receiverCrashes = List.copyOf(receiverCrashes);
        for (ReceiverCrash crash : receiverCrashes) {
            if (crash.atNanos() < 0) {
                throw new IllegalArgumentException("a receiver crashes at a time from 0 on, got " + crash.atNanos()
                        + " ns");
            }
        }
    }

    /** Whether anything happens. */
    public boolean any() {
        return lossRate > 0 || !linkFailures.isEmpty() || !receiverCrashes.isEmpty() || background.any();
    }

    /** Sets the loss rate of every arc and schedules the link failures (and recoveries) on the fabric's clock. */
    void applyTo(Fabric fabric) {
        Network network = fabric.network();
        for (int arc = 0; arc < network.arcCount(); arc++) {
            fabric.setLossRate(arc, lossRate);
        }
        for (LinkFailure failure : linkFailures) {
            if (failure.link() < 0 || failure.link() >= network.linkCount()) {
                throw new IllegalArgumentException("no link " + failure.link() + " on a network of "
                        + network.linkCount() + " links");
            }
            fabric.clock().at(failure.atNanos(), () -> fabric.setLinkUp(failure.link(), false));
            if (failure.upAtNanos() != LinkFailure.STAYS_DOWN) {
                fabric.clock().at(failure.upAtNanos(), () -> fabric.setLinkUp(failure.link(), true));
            }
        }
    }
}
