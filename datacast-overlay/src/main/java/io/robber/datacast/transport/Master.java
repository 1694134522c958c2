package io.robber.datacast.transport;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.signalling.EncodedTree;
import io.robber.datacast.signalling.SignallingAgent;
import io.robber.datacast.signalling.SignallingAgent.Acknowledged;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.steiner.TreeRepair;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Node;
import io.robber.datacast.transport.TreeSignal.TreePlan;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The master of one group (§3), at its source: it sets each Steiner tree up with a signalling
 * message down the tree (a {@link TreePlan}), hands each tree its next block when the tree's
 * receivers have asked for all of the last one (§4.2, the {@link BlockHandOff}), and when the
 * fabric manager reports failed links, repairs the broken trees (§4.1.3): a broken tree leaves
 * every node (its caches are dropped), its undelivered blocks go back to the {@link BlockPool}, and
 * its replacement, if the repair found one, is set up like the first trees, its source starting at
 * the broken tree's rate rather than the initial one. When failed links come back up, it grows new
 * trees over the arcs they free and sets them up the same way. With no tree left (a receiver cut
 * off) the transfer fails, saying which receivers.
 */
final class Master {
    private final Group group;
    private final DatacastNodes nodes;
    private final Fabric fabric;
    private final TransportSettings settings;
    private final Payloads payloads;
    private final SignallingAgent signalling;
    private final TreeRepair repair;
    private final BlockHandOff blocks;
    private final BitSet receivers = new BitSet();
    private final int blockPackets;
    private final int totalPackets;
    private final Map<Integer, PlannedTree> live = new LinkedHashMap<>();
    private final List<PlannedTree> planned = new ArrayList<>();
    private final List<Replanning> replannings = new ArrayList<>();
    private FailedLinks down = FailedLinks.none();
    private int nextTree = 1;
    private long nextMessage = 1;
    private String failure;

    /**
     * One re-planning: when the change was reported, what became of the trees, how many new trees
     * the links that came back allowed, the trees set up (the rebuilt ones, then the new ones).
     */
    record Replanning(long detectedNanos, int broken, int dropped, int added, List<PlannedTree> rebuilt) {
    }

    /** @param payloads where the trees' sources read the bytes their data packets carry */
    Master(Group group, DatacastNodes nodes, SignallingAgent signalling, TransportSettings settings, BlockFeed feed,
            int totalPackets, int blockPackets, Payloads payloads) {
        this.group = group;
        this.nodes = nodes;
        this.fabric = nodes.fabric();
        this.settings = settings;
        this.payloads = payloads;
        this.signalling = signalling;
        this.repair = new TreeRepair(fabric.network());
        this.blockPackets = blockPackets;
        this.totalPackets = totalPackets;
        group.receivers().forEach(receiver -> receivers.set(receiver.index()));
        this.blocks = new BlockHandOff((totalPackets + blockPackets - 1) / blockPackets, feed, this::signal);
    }

    void start(List<SteinerTree> trees) {
        for (int t = 0; t < trees.size(); t++) {
            plan(trees.get(t), trees, settings.initialRateBitsPerSecond(), blocks.firstBlocks(t, trees.size()));
        }
    }

    /**
     * Sets {@code tree} up with {@code blocks}, its source starting at {@code rate}, beside the
     * transfer's {@code trees} (for its {@linkplain Source#ceiling ceiling}).
     */
    private PlannedTree plan(SteinerTree tree, List<SteinerTree> trees, long rate, int[] first) {
        int id = nextTree++;
        BlockSchedule schedule = new BlockSchedule(id, new int[0], blockPackets, totalPackets);
        Source source = new Source(fabric, fabric.clock(), schedule, settings.withInitialRate(rate), payloads,
                Source.ceiling(fabric, tree, trees, settings));
        EncodedTree encoded = EncodedTree.of(fabric.network(), tree.source(), tree.arcs(), receivers::get);
        PlannedTree lt = new PlannedTree(id, tree, encoded, schedule, source);
        nodes.at(tree.source()).source(id, source);
        source.start();
        for (int block : first) {
            schedule.append(block);
        }
        lt.waiting = first.length == 0;
        lt.plannedNanos = fabric.clock().nanoTime();
        lt.planMessage = signal(lt, new TreePlan(id, first), (count, tally) -> {
            lt.acked = count;
            lt.ackedNanos = fabric.clock().nanoTime();
        });
        live.put(id, lt);
        planned.add(lt);
        return lt;
    }

    private long signal(PlannedTree lt, TreeSignal body, Acknowledged done) {
        long id = nextMessage++;
        lt.messages.add(id);
        signalling.originate(id, lt.encoded, body, settings.minRetransmissionTimeoutNanos(), done);
        return id;
    }

    /** A receiver's request for its tree's next block, at the source. */
    void onNextBlock(NextBlock request) {
        PlannedTree lt = live.get(request.tree());
        if (lt != null) {
            blocks.onNextBlock(lt, request);
        }
    }

    /**
     * The fabric manager's report: these links are down now, any others that were reported down
     * came back up. The trees the failed links broke are repaired; when links came back, new trees
     * are grown beside those in use over the arcs now free, and handed blocks like the others.
     */
    void replan(FailedLinks failed) {
        if (failure != null) {
            return;
        }
        boolean cameBack = IntStream.of(down.links()).anyMatch(link -> !failed.isFailed(link));
        down = failed;
        List<PlannedTree> current = new ArrayList<>(live.values());
        List<Optional<SteinerTree>> repaired = repair.repair(group, current.stream().map(lt -> lt.tree).toList(),
                failed);
        Map<SteinerTree, Long> replacements = new LinkedHashMap<>();
        int broken = 0;
        for (int t = 0; t < current.size(); t++) {
            Optional<SteinerTree> outcome = repaired.get(t);
            if (outcome.isPresent() && outcome.get() == current.get(t).tree) {
                continue;
            }
            broken++;
            long rate = current.get(t).source.rateBitsPerSecond();
            retire(current.get(t));
            outcome.ifPresent(tree -> replacements.put(tree, rate));
        }
        List<SteinerTree> kept = live.values().stream().map(lt -> lt.tree).toList();
        List<SteinerTree> added = new ArrayList<>();
        if (cameBack) {
            List<SteinerTree> inUse = new ArrayList<>(kept);
            inUse.addAll(replacements.keySet());
            added.addAll(repair.extend(group, inUse, failed));
        }
        if (broken == 0 && added.isEmpty()) {
            return;
        }
        List<SteinerTree> after = new ArrayList<>(kept);
        after.addAll(replacements.keySet());
        after.addAll(added);
        List<PlannedTree> setUp = new ArrayList<>();
        replacements.forEach((tree, rate) -> setUp.add(plan(tree, after, rate, blocks.replacementBlocks())));
        for (SteinerTree tree : added) {
            setUp.add(plan(tree, after, settings.initialRateBitsPerSecond(), blocks.replacementBlocks()));
        }
        replannings.add(new Replanning(fabric.clock().nanoTime(), broken, broken - replacements.size(), added.size(),
                setUp));
        if (live.isEmpty()) {
            List<Node> cut = repair.unreachable(group, failed);
            failure = "no Steiner tree is left from " + group.source() + ": " + (cut.isEmpty()
                    ? "the receivers are connected but no tree could be built"
                    : "receivers " + cut + " are cut off by the failed links " + describe(failed));
            stop();
            return;
        }
        blocks.handOutTakenBack(live.values());
    }

    private String describe(FailedLinks failed) {
        List<String> links = new ArrayList<>();
        for (int link : failed.links()) {
            links.add(fabric.network().link(link).toString());
        }
        return links.toString();
    }

    /** The tree leaves every node; its blocks not yet delivered go back to the pool. */
    private void retire(PlannedTree lt) {
        live.remove(lt.id);
        lt.source.stop();
        lt.messages.forEach(signalling::cancel);
        nodes.leave(lt.id);
        blocks.takeBack(lt);
    }

    /** Stops every tree's timers: the transfer is over. */
    void stop() {
        for (PlannedTree lt : live.values()) {
            lt.source.stop();
            lt.messages.forEach(signalling::cancel);
            nodes.leave(lt.id);
        }
    }

    String failure() {
        return failure;
    }

    /** Every tree set up, the first ones and the replacements, in order. */
    List<PlannedTree> trees() {
        return planned;
    }

    /** The hand-off of the blocks to the trees. */
    BlockHandOff blocks() {
        return blocks;
    }

    List<Replanning> replannings() {
        return replannings;
    }
}
