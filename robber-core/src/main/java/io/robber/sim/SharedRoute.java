package io.robber.sim;

import java.util.ArrayDeque;
import java.util.List;

/**
 * A route through a chain of {@link SharedLink}s in stages, each stage followed by a one-way delay,
 * e.g. sender's NIC out → cluster out → pair bandwidth, then the pair's delay, then cluster in →
 * receiver's NIC in. Within a stage one frame of the route is on its way at a time and reserves each
 * link only when it reaches it (store and forward), so a frame held up at a slow NIC books no shared
 * link ahead of time, and routes that share a link take turns frame by frame: each gets a fair
 * share of the bottleneck, as on the in-process emulator.
 */
public final class SharedRoute implements Route {
    /** Links crossed in order, then a delay before the next stage (or the far end). */
    public record Stage(List<SharedLink> links, long delayNanos) {
        public Stage {
            links = List.copyOf(links);
            if (delayNanos < 0) {
                throw new IllegalArgumentException("a delay must not be negative, got " + delayNanos);
            }
        }
    }

    private record Frame(long bytes, Runnable arrived) {
    }

    private final List<Stage> stages;
    private final List<ArrayDeque<Frame>> queues;
    private final boolean[] busy;

    public SharedRoute(List<Stage> stages) {
        if (stages.isEmpty()) {
            throw new IllegalArgumentException("a route needs at least one stage");
        }
        this.stages = List.copyOf(stages);
        this.queues = stages.stream().map(s -> new ArrayDeque<Frame>()).toList();
        this.busy = new boolean[stages.size()];
    }

    @Override
    public void send(VirtualClock clock, long bytes, Runnable arrived) {
        enter(clock, 0, new Frame(bytes, arrived));
    }

    private void enter(VirtualClock clock, int stage, Frame frame) {
        queues.get(stage).add(frame);
        if (!busy[stage]) {
            startNext(clock, stage);
        }
    }

    private void startNext(VirtualClock clock, int stage) {
        Frame next = queues.get(stage).poll();
        busy[stage] = next != null;
        if (next != null) {
            cross(clock, stage, next, 0);
        }
    }

    /** Crosses the links of {@code stage} from {@code hop} on, waiting where a link is booked. */
    private void cross(VirtualClock clock, int stage, Frame frame, int hop) {
        List<SharedLink> links = stages.get(stage).links();
        long now = clock.now();
        for (int i = hop; i < links.size(); i++) {
            long passed = links.get(i).reserve(frame.bytes(), now);
            if (passed > now) {
                int next = i + 1;
                clock.at(passed, () -> cross(clock, stage, frame, next));
                return;
            }
        }
        long due = now + stages.get(stage).delayNanos();
        if (stage + 1 < stages.size()) {
            clock.at(due, () -> enter(clock, stage + 1, frame));
        } else {
            clock.at(due, frame.arrived());
        }
        startNext(clock, stage);
    }
}
