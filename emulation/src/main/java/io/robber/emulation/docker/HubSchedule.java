package io.robber.emulation.docker;

import io.robber.emulation.model.Network;
import io.robber.emulation.tc.ShapingPlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A scenario's schedule as the hubs of a compose project play it, the netns backend's
 * {@code NetnsSchedule} in shell: from the moment the root starts the transfer (it creates
 * {@link #STARTED} on its {@code starting:} line), each hub changes its pair classes to the rates of
 * each scheduled moment, timed from that start. Periodic schedules never end, so the changes run up to a
 * horizon, ten times the time the transfer takes at the scenario's bound but at least a minute and at
 * most the transfer's timeout; the rates of the last change stay in force after it.
 */
final class HubSchedule {
    /** Created by the root when the transfer starts: time zero of the schedule. */
    static final String STARTED = "/results/transfer-started";
    /**
     * Passes the root's stderr on and creates {@link #STARTED} on its sender's {@code starting:} line,
     * reading on to the end, so that the sender never writes to a closed pipe.
     */
    private static final String MARK_START = "while IFS= read -r line; do printf '%s\\n' \"$line\" >&2; "
            + "case \"$line\" in *'robber send: starting:'*) touch " + STARTED + " ;; esac; done";
    /** A static scenario's: no change. */
    static final HubSchedule NONE = new HubSchedule(null, null, List.of());
    private static final Duration MIN_HORIZON = Duration.ofMinutes(1);
    private static final int HORIZON_FACTOR = 10;

    private final ShapingPlan plan;
    private final Network network;
    private final List<Long> times;

    private HubSchedule(ShapingPlan plan, Network network, List<Long> times) {
        this.plan = plan;
        this.network = network;
        this.times = times;
    }

    /**
     * The changes of {@code network}'s schedule on {@code plan}'s hubs, for a transfer whose bound is
     * {@code boundBytesPerSecond} and which gives up after {@code timeout}.
     */
    static HubSchedule of(Network network, ShapingPlan plan, double boundBytesPerSecond, Duration timeout) {
        long ideal = boundBytesPerSecond > 0 ? (long) (network.dataSize() / boundBytesPerSecond * 1e9) : 0;
        long horizon = Math.min(timeout.toNanos(), Math.max(MIN_HORIZON.toNanos(), HORIZON_FACTOR * ideal));
        return new HubSchedule(plan, network, network.changeTimes(horizon));
    }

    /** Whether the scenario's rates ever change. */
    boolean isEmpty() {
        return times.isEmpty();
    }

    /**
     * What follows the root's {@code robber send} command: the redirection of its stderr that marks the
     * transfer's start; nothing for a static scenario.
     */
    String rootStderr() {
        return times.isEmpty() ? "" : " 2> >(" + MARK_START + ")";
    }

    /**
     * The lines of hub {@code cluster}'s script, run before it reports healthy: clear the last run's mark
     * and play the schedule in the background, on the WAN interface {@code device} (a shell
     * expression); none for a static scenario.
     */
    List<String> lines(int cluster, String hubName, String device) {
        if (times.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        lines.add("rm -f " + STARTED);
        lines.add("(");
        lines.add("    until [ -e " + STARTED + " ]; do sleep 0.05; done");
        lines.add("    t0=$(( $(date +%s%N) / 1000000 ))");
        lines.add("    at() { local d=$(( t0 + $1 - $(date +%s%N) / 1000000 )); "
                + "if [ \"$d\" -gt 0 ]; then sleep \"$(( d / 1000 )).$(printf '%03d' $(( d % 1000 )))\"; fi; }");
        for (long t : times) {
            String when = String.format(Locale.ROOT, "%.3f s", t / 1e9);
            lines.add("    at " + t / 1_000_000);
            for (String change : plan.pairChanges(cluster, network.at(t))) {
                lines.add("    " + change.replace(" dev " + ShapingPlan.HUB_DEVICE + " ", " dev " + device + " ")
                        + " || echo \"" + hubName + ": schedule: could not apply the pair rates of " + when + "\"");
            }
            lines.add("    echo \"" + hubName + ": schedule: pair rates of " + when + " in force\"");
        }
        lines.add(") &");
        return lines;
    }
}
