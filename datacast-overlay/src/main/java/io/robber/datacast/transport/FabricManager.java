package io.robber.datacast.transport;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.topology.FailedLinks;
import java.util.BitSet;
import java.util.function.Consumer;

/**
 * The fabric manager (§3): a central controller with the network's view, told by the fabric when a
 * link goes down or up. It reports the links down to the masters {@code detectionNanos} after a
 * failure (its monitoring's delay; failures within that time are reported together); the masters
 * repair their trees.
 */
final class FabricManager {
    private final Fabric fabric;
    private final long detectionNanos;
    private final Consumer<FailedLinks> master;
    private final BitSet down = new BitSet();
    private Runnable pending;
    private boolean stopped;

    FabricManager(Fabric fabric, long detectionNanos, Consumer<FailedLinks> master) {
        this.fabric = fabric;
        this.detectionNanos = detectionNanos;
        this.master = master;
        fabric.onLinkChange(this::linkChanged);
    }

    private void linkChanged(int link, boolean up) {
        down.set(link, !up);
        if (!up && pending == null && !stopped) {
            pending = fabric.clock().schedule(detectionNanos, this::report);
        }
    }

    private void report() {
        pending = null;
        master.accept(FailedLinks.of(down.stream().toArray()));
    }

    /** Reports nothing more. */
    void stop() {
        stopped = true;
        if (pending != null) {
            pending.run();
            pending = null;
        }
    }
}
