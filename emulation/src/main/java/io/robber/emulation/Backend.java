package io.robber.emulation;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How an emulated group runs: on real loopback sockets in this JVM, in virtual time, or as processes in network namespaces or containers. */
public enum Backend {
    /** Every node on its own 127.x.y.z address, links shaped and delayed by Netty handlers; wall-clock time. */
    INPROCESS,
    /** The unchanged engines on a discrete-event network ({@code io.robber.sim}); virtual time, no data, no sockets. */
    VIRTUAL,
    /**
     * Every node a real {@code robber} process in its own network namespace, the WAN shaped by the
     * kernel's traffic control, delayed by netem or Toxiproxy; needs root and the fat jar.
     */
    NETNS,
    /**
     * Every node a real {@code robber} process in its own container of a docker-compose project, the
     * WAN shaped by the kernel's traffic control in one hub container per cluster; needs root,
     * Docker and docker-compose; delayed by netem or, without it, by Toxiproxy in the hubs.
     */
    DOCKER;

    /** The lower-case name users select it by. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The backend named {@code name}; fails naming the valid ones. */
    public static Backend of(String name) {
        for (Backend b : values()) {
            if (b.id().equals(name)) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown backend '" + name + "'; choose one of "
                + Arrays.stream(values()).map(Backend::id).collect(Collectors.joining(", ")));
    }
}
