package io.robber.datacast.transport;

import io.robber.datacast.signalling.EncodedTree;
import io.robber.datacast.steiner.SteinerTree;
import java.util.ArrayList;
import java.util.List;

/**
 * A tree the {@link Master} has set up: its number, its source, the blocks handed to it so far, its
 * signalling messages, and the fate of its set-up message (when and by how many receivers it was
 * acknowledged). {@code waiting}: its receivers asked for a block when none was left.
 */
final class PlannedTree {
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
    boolean asking;

    PlannedTree(int id, SteinerTree tree, EncodedTree encoded, BlockSchedule schedule, Source source) {
        this.id = id;
        this.tree = tree;
        this.encoded = encoded;
        this.schedule = schedule;
        this.source = source;
    }
}
