package io.robber.datacast.transport;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.PacketOutput;
import io.robber.datacast.signalling.EncodedTree;
import io.robber.datacast.signalling.SignalListener;
import io.robber.datacast.topology.Network;
import io.robber.datacast.transport.TreeSignal.BlockAnnouncement;
import io.robber.datacast.transport.TreeSignal.TreePlan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.IntStream;

/**
 * What one node does with the master's signals (§3, §4.2). A {@link TreePlan} gives it its roles on
 * the new tree, read from its subtree in the message: a {@link BranchingNode} where the tree splits
 * (or where a receiver forwards to others), a {@link Receiver} if it is a member, its route up the
 * tree the message's path reversed. A {@link BlockAnnouncement} hands its receiver the tree's next
 * block, and the receiver's part of the ACK says whether its node holds the block the master asks
 * about. A set-up message for a tree the node has joined or left before is old news. A lost plan
 * is sent again after the announcements that followed it may have come: a member keeps the blocks
 * announced for a tree it has not joined yet, and starts on them too when the plan comes.
 */
final class TreeJoin implements SignalListener {
    private final int node;
    private final DatacastNode roles;
    private final Fabric fabric;
    private final TransportSettings settings;
    private final int blockPackets;
    private final int totalPackets;
    private final Holdings holdings;
    private final Payloads payloads;
    private final Consumer<TreeMember> joined;
    private final Map<Integer, List<Integer>> announcedEarly = new HashMap<>();

    /** A node's roles on a tree it joined, for the transfer's reports; either may be null. */
    record TreeMember(int tree, int node, Receiver receiver, BranchingNode branching) {
    }

    /**
     * @param holdings the node's data if it is a receiver of the group, else null
     * @param payloads where its receivers hand the data they take
     */
    TreeJoin(int node, DatacastNode roles, Fabric fabric, TransportSettings settings, int blockPackets,
            int totalPackets, Holdings holdings, Payloads payloads, Consumer<TreeMember> joined) {
        this.node = node;
        this.roles = roles;
        this.fabric = fabric;
        this.settings = settings;
        this.blockPackets = blockPackets;
        this.totalPackets = totalPackets;
        this.holdings = holdings;
        this.payloads = payloads;
        this.joined = joined;
    }

    /** Joins the tree or takes the block; a receiver answers whether it holds the block asked about. */
    @Override
    public int onSignal(Object body, EncodedTree subtree, int[] pathFromRoot) {
        if (body instanceof TreePlan plan) {
            join(plan, subtree, pathFromRoot);
        } else if (body instanceof BlockAnnouncement announcement) {
            Receiver receiver = roles.receiver(announcement.tree());
            if (receiver != null) {
                if (announcement.block() >= 0) {
                    receiver.append(announcement.block());
                }
                return announcement.query() >= 0 && holdings.hasBlock(announcement.query()) ? 1 : 0;
            }
            if (announcement.block() >= 0 && subtree.rootIsReceiver() && holdings != null
                    && !roles.knows(announcement.tree())) {
                announcedEarly.computeIfAbsent(announcement.tree(), t -> new ArrayList<>()).add(announcement.block());
            }
        }
        return 0;
    }

    private void join(TreePlan plan, EncodedTree subtree, int[] pathFromRoot) {
        int tree = plan.tree();
        if (roles.knows(tree)) {
            return;
        }
        boolean member = subtree.rootIsReceiver() && holdings != null;
        int children = subtree.childCount();
        BranchingNode here = null;
        if (children > 1 || children == 1 && member) {
            here = new BranchingNode(fabric, settings);
            roles.branching(tree, here);
        }
        if (!member) {
            if (here != null) {
                joined.accept(new TreeMember(tree, node, null, here));
            }
            return;
        }
        int[] route = new int[pathFromRoot.length];
        for (int i = 0; i < route.length; i++) {
            route[i] = Network.reverse(pathFromRoot[pathFromRoot.length - 1 - i]);
        }
        BranchingNode branching = here;
        PacketOutput interests = branching == null ? fabric
                : packet -> branching.onLocalInterest(packet, (Interest) packet.payload());
        Receiver receiver = new Receiver(interests, fabric.clock(), route,
                new BlockSchedule(tree, startingBlocks(plan), blockPackets, totalPackets), settings, holdings,
                new BlockRequests(fabric, fabric.clock(), route, tree, settings),
                data -> payloads.received(node, data));
        if (branching != null) {
            branching.local(receiver);
        }
        roles.receiver(tree, receiver);
        joined.accept(new TreeMember(tree, node, receiver, branching));
        receiver.start();
    }

    /** The plan's blocks, then those announced before it came. */
    private int[] startingBlocks(TreePlan plan) {
        List<Integer> early = announcedEarly.remove(plan.tree());
        if (early == null) {
            return plan.blocks();
        }
        return IntStream.concat(IntStream.of(plan.blocks()), early.stream().mapToInt(Integer::intValue))
                .distinct().toArray();
    }
}
