package io.robber.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A route through a chain of {@link SharedLink}s in stages, each stage followed by a one-way delay,
 * e.g. sender's NIC out → cluster out → pair bandwidth, then the pair's delay, then cluster in →
 * receiver's NIC in. On each link one frame of the route is on its way at a time and reserves the
 * link only when it reaches it (store and forward, pipelined: the next frame takes a link as soon
 * as the previous one has left it), so a frame held up at a slow NIC books no shared link ahead of
 * time, routes that share a link take turns frame by frame and each gets a fair share of the
 * bottleneck, as on the in-process emulator, and a lone route runs at the rate of its slowest link.
 *
 * <p>A large frame crosses in segments of {@link #SEGMENT} bytes or a little more, as TCP sends a
 * large write in segments (64 KiB with segmentation offload): routes take turns segment by segment,
 * so a request on one connection waits behind one segment of each other connection on a shared
 * link, not behind their whole 1 MiB pieces, and a segment goes on to the next link while the next
 * one crosses this one. Callbacks are the frame's: {@code sent} and {@code arrived} follow its last
 * segment.
 */
public final class SharedRoute implements Route {
    /** The least size a large frame is cut into: a frame below two segments crosses whole. */
    public static final long SEGMENT = 64 * 1024;

    /** Links crossed in order, then a delay before the next stage (or the far end). */
    public record Stage(List<SharedLink> links, long delayNanos) {
        public Stage {
            links = List.copyOf(links);
            if (delayNanos < 0) {
                throw new IllegalArgumentException("a delay must not be negative, got " + delayNanos);
            }
        }
    }

    /** A frame or one of its segments; {@code arrived} is null for every segment but the last. */
    private record Frame(long bytes, Runnable sent, Runnable arrived) {
    }

    private final List<Stage> stages;
    /** Per stage and link: the frames waiting for it, and whether a frame of this route crosses it. */
    private final List<List<ArrayDeque<Frame>>> queues = new ArrayList<>();
    private final List<boolean[]> busy = new ArrayList<>();

    public SharedRoute(List<Stage> stages) {
        if (stages.isEmpty()) {
            throw new IllegalArgumentException("a route needs at least one stage");
        }
        this.stages = List.copyOf(stages);
        for (Stage stage : stages) {
            queues.add(stage.links().stream().map(l -> new ArrayDeque<Frame>()).toList());
            busy.add(new boolean[stage.links().size()]);
        }
    }

    @Override
    public long latencyNanos() {
        long sum = 0;
        for (Stage stage : stages) {
            sum += stage.delayNanos();
        }
        return sum;
    }

    @Override
    public void send(VirtualClock clock, long bytes, Runnable sent, Runnable arrived) {
        long segments = Math.max(1, bytes / SEGMENT);
        long each = bytes / segments;
        for (long i = 1; i < segments; i++) {
            enter(clock, 0, 0, new Frame(each, UNWATCHED, null));
        }
        enter(clock, 0, 0, new Frame(bytes - each * (segments - 1), sent, arrived));
    }

    /** {@code frame} reaches link {@code hop} of {@code stage}, or the stage's delay after its last link. */
    private void enter(VirtualClock clock, int stage, int hop, Frame frame) {
        if (hop == stages.get(stage).links().size()) {
            if (stage == 0 && frame.sent() != UNWATCHED) {
                clock.at(clock.now(), frame.sent());
            }
            long due = clock.now() + stages.get(stage).delayNanos();
            if (stage + 1 < stages.size()) {
                clock.at(due, () -> enter(clock, stage + 1, 0, frame));
            } else if (frame.arrived() != null) {
                clock.at(due, frame.arrived());
            }
            return;
        }
        queues.get(stage).get(hop).add(frame);
        if (!busy.get(stage)[hop]) {
            startNext(clock, stage, hop);
        }
    }

    /** The next waiting frame takes link {@code hop} of {@code stage}. */
    private void startNext(VirtualClock clock, int stage, int hop) {
        Frame next = queues.get(stage).get(hop).poll();
        busy.get(stage)[hop] = next != null;
        if (next == null) {
            return;
        }
        long passed = stages.get(stage).links().get(hop).reserve(next.bytes(), clock.now());
        clock.at(passed, () -> {
            startNext(clock, stage, hop);
            enter(clock, stage, hop + 1, next);
        });
    }
}
