package io.robber.emulation.model;

import java.util.Arrays;
import java.util.Locale;

/**
 * Something that goes wrong from outside the nodes at a moment of a run: {@code kind} hits node
 * {@code rank} of cluster {@code cluster} {@code atNanos} after the transfer starts, for
 * {@code durationNanos} (then it is undone; a kill cannot be). A scenario lists them under
 * {@code faults}, e.g. {@code {"kind": "link-down", "target": "B/1", "at": "1s", "duration": "3s"}}.
 */
public record Fault(Kind kind, int cluster, int rank, long atNanos, long durationNanos) {
    /** What goes wrong. */
    public enum Kind {
        /** The node's connections to other clusters are reset (TCP RST) while it lasts. */
        RESET_PEER,
        /** Nothing the node sends across the WAN arrives, and what is sent to it is not read, while it lasts. */
        STOP_READING,
        /** The one-way delay of the node's WAN connections grows by 500 ms while it lasts. */
        LATENCY_SPIKE,
        /** The node's cluster's WAN bandwidth drops to 1% while it lasts. */
        BANDWIDTH_DROP,
        /** The node's network interface is down while it lasts. */
        LINK_DOWN,
        /** The node's process is stopped (SIGSTOP) while it lasts, then resumed (SIGCONT). */
        PAUSE,
        /** The node's process is killed (SIGKILL). */
        KILL,
        /** Bytes the node sends across the WAN are flipped in flight while it lasts. */
        CORRUPT;

        /** The name in a scenario file: lower case with dashes, e.g. {@code reset-peer}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        static Kind of(String label) {
            return Arrays.stream(values()).filter(k -> k.label().equals(label)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown fault kind '" + label + "'; one of "
                            + Arrays.stream(values()).map(Kind::label).toList()));
        }
    }

    public Fault {
        if (atNanos < 0 || durationNanos < 0) {
            throw new IllegalArgumentException("a fault's time and duration cannot be negative");
        }
    }

    /** The same fault with its times multiplied by {@code factor}, as a scaled schedule. */
    Fault scaled(double factor) {
        return new Fault(kind, cluster, rank, Math.round(atNanos * factor), Math.round(durationNanos * factor));
    }
}
