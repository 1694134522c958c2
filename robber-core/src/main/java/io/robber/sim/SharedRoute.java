package io.robber.sim;

import java.util.ArrayDeque;
import java.util.List;

/**
 * A route through a chain of {@link SharedLink}s in stages, each stage followed by a one-way delay,
 * e.g. sender's NIC out → cluster out → pair bandwidth, then the pair's delay, then cluster in →
 * receiver's NIC in. On each link one frame of the route is on its way at a time and reserves the
 * link only when it reaches it (store and forward, pipelined: the next frame takes a link as soon
 * as the previous one has left it), so a frame held up at a slow NIC books no shared link ahead of
 * time, routes that share a link take turns frame by frame and each gets a fair share of the
 * bottleneck, as on the in-process emulator, and a lone route runs at the rate of its slowest link.
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

    private record Frame(long bytes, Runnable sent, Runnable arrived) {
    }

    /** The links of all stages in crossing order; stage {@code s} holds those from {@code first[s]} on. */
    private final SharedLink[] links;
    private final int[] first;
    private final long[] delays;
    /** Per link: the frames waiting for it (created when first needed), and whether a frame of this route crosses it. */
    private final ArrayDeque<Frame>[] waiting;
    private final boolean[] busy;

    @SuppressWarnings("unchecked")
    public SharedRoute(List<Stage> stages) {
        if (stages.isEmpty()) {
            throw new IllegalArgumentException("a route needs at least one stage");
        }
        this.links = stages.stream().flatMap(s -> s.links().stream()).toArray(SharedLink[]::new);
        this.first = new int[stages.size() + 1];
        this.delays = new long[stages.size()];
        for (int s = 0; s < stages.size(); s++) {
            first[s + 1] = first[s] + stages.get(s).links().size();
            delays[s] = stages.get(s).delayNanos();
        }
        this.waiting = new ArrayDeque[links.length];
        this.busy = new boolean[links.length];
    }

    @Override
    public void send(VirtualClock clock, long bytes, Runnable sent, Runnable arrived) {
        enter(clock, 0, 0, new Frame(bytes, sent, arrived));
    }

    /** {@code frame} reaches link {@code hop} (counted over all stages) in {@code stage}, or the stage's delay after its last link. */
    private void enter(VirtualClock clock, int stage, int hop, Frame frame) {
        if (hop == first[stage + 1]) {
            if (stage == 0 && frame.sent() != UNWATCHED) {
                clock.at(clock.now(), frame.sent());
            }
            long due = clock.now() + delays[stage];
            if (stage + 1 < delays.length) {
                clock.at(due, () -> enter(clock, stage + 1, hop, frame));
            } else {
                clock.at(due, frame.arrived());
            }
            return;
        }
        if (waiting[hop] == null) {
            waiting[hop] = new ArrayDeque<>(4);
        }
        waiting[hop].add(frame);
        if (!busy[hop]) {
            startNext(clock, stage, hop);
        }
    }

    /** The next waiting frame takes link {@code hop}. */
    private void startNext(VirtualClock clock, int stage, int hop) {
        Frame next = waiting[hop].poll();
        busy[hop] = next != null;
        if (next == null) {
            return;
        }
        long passed = links[hop].reserve(next.bytes(), clock.now());
        clock.at(passed, () -> {
            startNext(clock, stage, hop);
            enter(clock, stage, hop + 1, next);
        });
    }
}
