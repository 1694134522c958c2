package io.robber.datacast.transport;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.topology.FailedLinks;
import java.util.BitSet;
import java.util.function.Consumer;

/**
 * The fabric manager (§3): a central controller with the network's view, told by the fabric when a
 * link goes down or comes back up. It reports the links down to the masters {@code detectionNanos}
 * after a change (its monitoring's delay; changes within that time are reported together, and a
 * link that failed and came back up within it is never reported); the masters repair their trees,
 * and take the links that came back into new ones.
 */
final class FabricManager {
    private final Fabric fabric;
    private final long detectionNanos;
    private final Consumer<FailedLinks> master;
    private final BitSet down = new BitSet();
    private final BitSet reported = new BitSet();
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
        if (pending == null && !stopped) {
            pending = fabric.clock().schedule(detectionNanos, this::report);
        }
    }

    private void report() {
        pending = null;
        if (!down.equals(reported)) {
            reported.clear();
            reported.or(down);
            master.accept(FailedLinks.of(down.stream().toArray()));
        }
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
