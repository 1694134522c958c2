package io.robber.datacast.rdcm;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.multicast.MulticastManager;
import io.robber.datacast.multicast.MulticastTree;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The multicast manager's part in one RDCM group (§3.4): the tree and backup overlay in use, the
 * reports, and the adjustments they lead to. Reports reach it, at the source's server, over a
 * reliable connection, so not from a receiver that failed links cut off: its repairs fail for that
 * reason alone, and its receiver failure messages about its successors would be false. A link
 * failure report adds the inferred failed-link set to the global {@link FailedLinkSet} and, given a
 * {@link TreeRebuild}, installs a new tree without those links; a receiver failure report takes the
 * receiver out of the group and prunes the tree to the rest. Either way the backup overlay is built
 * again on the new tree (Fig. 8, ties to the lowest index) and the {@link Group} moves every live
 * receiver to it. Once every link of the source is in the failed-link set, no tree reaches a
 * receiver: the manager holds the sender until a re-activation gives the source a link again.
 */
final class RdcmManager {
    /** What the manager asks of the group's nodes. */
    interface Group {
        boolean crashed(int receiver);

        /** Whether every receiver still in the group holds every packet. */
        boolean complete();

        /** The sender and every live receiver take the rebuilt overlay. */
        void moved(BackupOverlay rebuilt, int[] live, long now);

        /** The receiver is being taken out of the group: the sender stops waiting for it. */
        void leaving(int receiver);

        /** The receiver is out of the group, the tree and overlay moved. */
        void left(int receiver);

        void holdSender();

        void resumeSender(long now);
    }

    static final int GROUP_ID = 1;
    private final Fabric fabric;
    private final MulticastManager multicast;
    private final RdcmSettings settings;
    private final TreeRebuild rebuild;
    private final FailedLinkSet failedLinks;
    private final int[] receivers;
    private final List<LinkFailureReport> linkFailures = new ArrayList<>();
    private final List<ReceiverFailureReport> receiverFailures = new ArrayList<>();
    private Group group;
    private MulticastTree tree;
    private BackupOverlay overlay;
    private RepairRoutes routes;
    private long reactivationNanos;
    private int reactivations;
    private long sourceCutOffAt = -1;

    RdcmManager(Fabric fabric, MulticastTree tree, BackupOverlay overlay, RdcmSettings settings, TreeRebuild rebuild,
            FailedLinkSet failedLinks) {
        this.fabric = fabric;
        this.multicast = new MulticastManager(fabric);
        this.settings = settings;
        this.rebuild = rebuild;
        this.failedLinks = failedLinks;
        this.receivers = overlay.receivers();
        this.tree = tree;
        this.overlay = overlay;
        this.routes = new RepairRoutes(fabric, tree);
        multicast.install(GROUP_ID, tree);
    }

    /** The group's nodes, once they exist. */
    void manage(Group nodes) {
        this.group = nodes;
    }

    void reactivateAfter(long nanos) {
        this.reactivationNanos = nanos;
    }

    MulticastManager multicast() {
        return multicast;
    }

    MulticastTree tree() {
        return tree;
    }

    BackupOverlay overlay() {
        return overlay;
    }

    /** The unicast route between two nodes, or null while failed links cut {@code to} off. */
    int[] route(int from, int to) {
        return routes.between(from, to);
    }

    /** A link failure report from {@code reporter} about overlay successor {@code successor}. */
    void linkFailure(int reporter, int successor) {
        if (reachesManager(reporter) && overlay.successors(reporter).contains(successor)) {
            onLinkFailure(FailedLinkInference.infer(tree, overlay, reporter, successor), reporter, successor);
        }
    }

    /** The sender's report of a silent tree: the links from it down are inferred. */
    void silentTree(int sender) {
        if (live().length > 0) {
            onLinkFailure(FailedLinkInference.nearSource(tree, overlay), sender, -1);
        }
    }

    /** §3.4: the failed receiver out of the group, the tree pruned to the others; a stale report is ignored. */
    void receiverFailure(int reporter, int failed) {
        if (!reachesManager(reporter) || group.crashed(reporter) || !overlay.successors(reporter).contains(failed)
                || reportedFailed(failed)) {
            return;
        }
        receiverFailures.add(new ReceiverFailureReport(reporter, failed, fabric.clock().now()));
        group.leaving(failed);
        adjust(tree.prunedTo(live()));
        group.left(failed);
    }

    boolean reportedFailed(int receiver) {
        return receiverFailures.stream().anyMatch(report -> report.failed() == receiver);
    }

    /**
     * Whether a report from {@code reporter} reaches the manager over its reliable connection: not
     * while failed links cut the reporter off.
     */
    private boolean reachesManager(int reporter) {
        return routes.between(reporter, tree.source()) != null;
    }

    /**
     * The inferred failed-link set into the global one, and a new tree without it when that is news;
     * with re-activation, the links are taken out of the set again later.
     */
    private void onLinkFailure(int[] inferred, int reporter, int successor) {
        long now = fabric.clock().now();
        linkFailures.add(new LinkFailureReport(reporter, successor, now, inferred));
        if (failedLinks.addAll(inferred, now)) {
            rebuild.avoiding(live(), failedLinks.asFailedLinks()).ifPresent(this::adjust);
        }
        if (sourceCutOffAt < 0 && failedLinks.cutsOff(fabric.network(), tree.source())) {
            sourceCutOffAt = now;
            group.holdSender();
        }
        if (reactivationNanos > 0) {
            fabric.clock().schedule(reactivationNanos, () -> reactivate(inferred, now));
        }
    }

    /**
     * §3.4's periodic re-activation: the links inferred at {@code inferredAt} and not since leave the
     * global set, and while the session runs, the group moves to the tree the manager would build
     * now if it differs from the one in use. A link still down breaks that tree, and a new report
     * infers it again.
     */
    private void reactivate(int[] links, long inferredAt) {
        int[] back = failedLinks.reactivate(links, inferredAt);
        if (back.length == 0 || group.complete()) {
            return;
        }
        reactivations++;
        if (sourceCutOffAt >= 0 && !failedLinks.cutsOff(fabric.network(), tree.source())) {
            sourceCutOffAt = -1;
            group.resumeSender(fabric.clock().now());
        }
        rebuild.avoiding(live(), failedLinks.asFailedLinks()).filter(next -> !next.sameArcs(tree))
                .ifPresent(this::adjust);
    }

    /** The receivers not reported failed. */
    int[] live() {
        return IntStream.of(receivers).filter(r -> !reportedFailed(r)).toArray();
    }

    /** Installs {@code next} (make before break), builds the overlay on it and moves the group to it. */
    private void adjust(MulticastTree next) {
        int[] live = live();
        BackupOverlay rebuilt = BackupOverlayBuild.build(next, live, ProxyTieBreak.lowestIndex());
        List<String> problems = OverlayVerifier.problems(next, rebuilt);
        if (!problems.isEmpty()) {
            throw new IllegalStateException("RDCM's rebuilt backup overlay is wrong: " + String.join("; ", problems));
        }
        multicast.replace(GROUP_ID, next, settings.timeoutNanos());
        tree = next;
        overlay = rebuilt;
        routes = new RepairRoutes(fabric, next);
        group.moved(rebuilt, live, fabric.clock().now());
    }

    List<LinkFailureReport> linkFailures() {
        return linkFailures;
    }

    List<ReceiverFailureReport> receiverFailures() {
        return receiverFailures;
    }

    int reactivations() {
        return reactivations;
    }

    /** When the manager found the source cut off and held the sender, or −1. */
    long sourceCutOffAt() {
        return sourceCutOffAt;
    }
}
