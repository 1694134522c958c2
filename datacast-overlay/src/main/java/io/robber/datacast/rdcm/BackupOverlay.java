package io.robber.datacast.rdcm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * RDCM's backup overlay (§3.2) over a group's multicast tree: its overlay rings, and for each
 * receiver the rings it joined, its leaf overlay ring and proxy overlay ring (Theorem 1: one of the
 * first if the group has more than one receiver, at most one of the second), and for each node its
 * overlay children. Built by {@link BackupOverlayBuild}, checked by {@link OverlayVerifier}.
 */
public final class BackupOverlay {
    private final int sender;
    private final int[] receivers;
    private final List<OverlayRing> rings;
    private final Map<Integer, List<OverlayRing>> joined = new HashMap<>();
    private final Map<Integer, List<Integer>> overlayChildren = new HashMap<>();

    BackupOverlay(int sender, int[] receivers, List<OverlayRing> rings) {
        this.sender = sender;
        this.receivers = receivers.clone();
        this.rings = List.copyOf(rings);
        for (OverlayRing ring : this.rings) {
            for (int member : ring.members()) {
                joined.computeIfAbsent(member, m -> new ArrayList<>()).add(ring);
                overlayChildren.computeIfAbsent(ring.overlayParent(), p -> new ArrayList<>()).add(member);
            }
        }
    }

    public int sender() {
        return sender;
    }

    /** The group's receivers, a copy. */
    public int[] receivers() {
        return receivers.clone();
    }

    /** The rings, bottom-up (a ring after those below it). */
    public List<OverlayRing> rings() {
        return rings;
    }

    /** The rings {@code receiver} joined, bottom-up. */
    public List<OverlayRing> ringsOf(int receiver) {
        return joined.getOrDefault(receiver, List.of());
    }

    /** The receiver's leaf overlay ring; empty only if it is the group's one receiver. */
    public Optional<OverlayRing> leafRing(int receiver) {
        return ringsOf(receiver).stream().filter(ring -> ring.isLeafRingOf(receiver)).findFirst();
    }

    /** The receiver's proxy overlay ring, if it joined one. */
    public Optional<OverlayRing> proxyRing(int receiver) {
        return ringsOf(receiver).stream().filter(ring -> !ring.isLeafRingOf(receiver)).findFirst();
    }

    /** The members of the rings whose overlay parent is {@code node} (a proxy's, or the sender's). */
    public List<Integer> overlayChildren(int node) {
        return overlayChildren.getOrDefault(node, List.of());
    }

    /** The receivers {@code receiver} repairs: its successors on the rings it joined (Theorem 1: at most two). */
    public List<Integer> successors(int receiver) {
        return ringsOf(receiver).stream().map(ring -> ring.successor(receiver)).toList();
    }
}
