package io.robber.datacast.transport;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.signalling.EncodedTree;
import io.robber.datacast.signalling.SignallingAgent;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.steiner.TreeRepair;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Node;
import io.robber.datacast.transport.SourceSignal.BlockDone;
import io.robber.datacast.transport.SourceSignal.NextBlock;
import io.robber.datacast.transport.TreeSignal.BlockAnnouncement;
import io.robber.datacast.transport.TreeSignal.TreePlan;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntConsumer;

/**
 * The master of one group (§3), at its source: it sets each Steiner tree up with a signalling
 * message down the tree (a {@link TreePlan}), hands each tree its next block when the tree's
 * receivers have asked for all of the last one (§4.2, a {@link BlockAnnouncement}), and when the
 * fabric manager reports failed links, repairs the broken trees (§4.1.3): a broken tree leaves
 * every node (its caches are dropped), its undelivered blocks go back to the {@link BlockPool}, and
 * its replacement, if the repair found one, is set up like the first trees. With no tree left (a
 * receiver cut off) the transfer fails, saying which receivers.
 */
final class Master {
    private final Group group;
    private final DatacastNodes nodes;
    private final Fabric fabric;
    private final TransportSettings settings;
    private final SignallingAgent signalling;
    private final TreeRepair repair;
    private final BlockPool pool;
    private final BitSet receivers = new BitSet();
    private final int blockPackets;
    private final int totalPackets;
    private final Map<Integer, LiveTree> live = new LinkedHashMap<>();
    private final List<LiveTree> planned = new ArrayList<>();
    private final List<Replanning> replannings = new ArrayList<>();
    private int nextTree = 1;
    private long nextMessage = 1;
    private String failure;
    private int handOffs;

    /** A tree the master has set up: its source, its blocks so far, its set-up signal's fate. */
    static final class LiveTree {
        final int id;
        final SteinerTree tree;
        final EncodedTree encoded;
        final BlockSchedule schedule;
        final Source source;
        final List<Long> messages = new ArrayList<>();
        long planMessage;
        long plannedNanos;
        long ackedNanos = -1;
        int acked;
        boolean waiting;

        LiveTree(int id, SteinerTree tree, EncodedTree encoded, BlockSchedule schedule, Source source) {
            this.id = id;
            this.tree = tree;
            this.encoded = encoded;
            this.schedule = schedule;
            this.source = source;
        }
    }

    /** One repair: when the failure was reported, what became of the trees, the trees set up. */
    record Replanning(long detectedNanos, int broken, int dropped, List<LiveTree> rebuilt) {
    }

    Master(Group group, DatacastNodes nodes, SignallingAgent signalling, TransportSettings settings, int totalPackets,
            int blockPackets) {
        this.group = group;
        this.nodes = nodes;
        this.fabric = nodes.fabric();
        this.settings = settings;
        this.signalling = signalling;
        this.repair = new TreeRepair(fabric.network());
        this.blockPackets = blockPackets;
        this.totalPackets = totalPackets;
        group.receivers().forEach(receiver -> receivers.set(receiver.index()));
        this.pool = new BlockPool((totalPackets + blockPackets - 1) / blockPackets, group.receivers().size());
    }

    void start(List<SteinerTree> trees) {
        trees.forEach(this::plan);
    }

    private LiveTree plan(SteinerTree tree) {
        int id = nextTree++;
        BlockSchedule schedule = new BlockSchedule(id, new int[0], blockPackets, totalPackets);
        Source source = new Source(fabric, fabric.clock(), schedule, settings);
        EncodedTree encoded = EncodedTree.of(fabric.network(), tree.source(), tree.arcs(), receivers::get);
        LiveTree lt = new LiveTree(id, tree, encoded, schedule, source);
        nodes.at(tree.source()).source(id, source);
        source.start();
        int first = pool.next();
        if (first >= 0) {
            schedule.append(first);
        }
        lt.waiting = first < 0;
        lt.plannedNanos = fabric.clock().nanoTime();
        lt.planMessage = signal(lt, new TreePlan(id, first), count -> {
            lt.acked = count;
            lt.ackedNanos = fabric.clock().nanoTime();
        });
        live.put(id, lt);
        planned.add(lt);
        return lt;
    }

    private long signal(LiveTree lt, TreeSignal body, IntConsumer done) {
        long id = nextMessage++;
        lt.messages.add(id);
        signalling.originate(id, lt.encoded, body, settings.minRetransmissionTimeoutNanos(), done);
        return id;
    }

    /** A receiver's block signal that reached the source. */
    void onSourceSignal(SourceSignal signal) {
        if (signal instanceof NextBlock next) {
            LiveTree lt = live.get(next.tree());
            if (lt != null && next.knownBlocks() == lt.schedule.blockCount()) {
                handOff(lt);
            }
        } else if (signal instanceof BlockDone done) {
            pool.held(done.block(), done.receiver());
        }
    }

    /** §4.2: the tree gets the lowest block not handed out yet, announced down the tree. */
    private void handOff(LiveTree lt) {
        int block = pool.next();
        lt.waiting = block < 0;
        if (block >= 0) {
            handOffs++;
            lt.schedule.append(block);
            signal(lt, new BlockAnnouncement(lt.id, block), count -> { });
        }
    }

    /** The fabric manager's report: these links are down now. */
    void replan(FailedLinks failed) {
        if (failure != null) {
            return;
        }
        List<LiveTree> current = new ArrayList<>(live.values());
        List<Optional<SteinerTree>> repaired = repair.repair(group, current.stream().map(lt -> lt.tree).toList(), failed);
        List<SteinerTree> replacements = new ArrayList<>();
        int broken = 0;
        for (int t = 0; t < current.size(); t++) {
            Optional<SteinerTree> outcome = repaired.get(t);
            if (outcome.isPresent() && outcome.get() == current.get(t).tree) {
                continue;
            }
            broken++;
            retire(current.get(t));
            outcome.ifPresent(replacements::add);
        }
        if (broken == 0) {
            return;
        }
        List<LiveTree> rebuilt = replacements.stream().map(this::plan).toList();
        replannings.add(new Replanning(fabric.clock().nanoTime(), broken, broken - rebuilt.size(), rebuilt));
        if (live.isEmpty()) {
            List<Node> cut = repair.unreachable(group, failed);
            failure = "no Steiner tree is left from " + group.source() + ": " + (cut.isEmpty()
                    ? "the receivers are connected but no tree could be built"
                    : "receivers " + cut + " are cut off by the failed links " + describe(failed));
            stop();
            return;
        }
        for (LiveTree lt : current) {
            if (live.containsKey(lt.id) && lt.waiting) {
                handOff(lt);
            }
        }
    }

    private String describe(FailedLinks failed) {
        List<String> links = new ArrayList<>();
        for (int link : failed.links()) {
            links.add(fabric.network().link(link).toString());
        }
        return links.toString();
    }

    /** The tree leaves every node; its blocks not yet delivered go back to the pool. */
    private void retire(LiveTree lt) {
        live.remove(lt.id);
        lt.source.stop();
        lt.messages.forEach(signalling::cancel);
        nodes.leave(lt.id);
        for (int i = 0; i < lt.schedule.blockCount(); i++) {
            pool.requeue(lt.schedule.block(i));
        }
    }

    /** Stops every tree's timers: the transfer is over. */
    void stop() {
        for (LiveTree lt : live.values()) {
            lt.source.stop();
            lt.messages.forEach(signalling::cancel);
            nodes.leave(lt.id);
        }
    }

    String failure() {
        return failure;
    }

    boolean allDelivered() {
        return pool.allDelivered();
    }

    /** Every tree set up, the first ones and the replacements, in order. */
    List<LiveTree> trees() {
        return planned;
    }

    int handOffs() {
        return handOffs;
    }

    List<Replanning> replannings() {
        return replannings;
    }
}
