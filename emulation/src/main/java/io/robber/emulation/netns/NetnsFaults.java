package io.robber.emulation.netns;

import io.robber.emulation.model.Fault;
import io.robber.emulation.runner.TransferCommands;
import io.robber.emulation.tc.AddressPlan;
import io.robber.emulation.tc.ShapingPlan;
import io.robber.emulation.toxi.Toxic;
import io.robber.emulation.toxi.ToxiproxyApi;
import io.robber.emulation.toxi.WanProxy;
import io.robber.planning.Capacities;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A scenario's {@link Fault}s injected into a running {@link NetnsGroup} from outside its
 * processes, each at its time after {@link #schedule} (which the caller makes the transfer's start)
 * and undone after its duration:
 * <ul>
 *   <li>{@code reset-peer}, {@code stop-reading}, {@code latency-spike}: a Toxiproxy toxic
 *       ({@code reset_peer}, {@code timeout} lasting the fault, {@code latency} of 500 ms) on both
 *       directions of every data-port proxy towards the target and on its hub (Toxiproxy cannot
 *       tell a cluster's nodes apart on their hub, so the data connections the target's cluster
 *       opens are all hit). The control connections to the root's coordinator are left alone: the
 *       coordinator takes a closed control connection for a receiver that died (README's failure
 *       semantics), so a reset there is a kill as far as the root can tell;</li>
 *   <li>{@code bandwidth-drop}: {@code tc class change} of every pair class into and out of the
 *       target's cluster to 1% of its rate;</li>
 *   <li>{@code link-down}: {@code ip link set eth0 down} in the target's namespace, then up (with its
 *       default route back);</li>
 *   <li>{@code pause}: SIGSTOP, then SIGCONT; {@code kill}: SIGKILL;</li>
 *   <li>{@code corrupt}: {@link CorruptingRelay}s on the hubs, between the proxies that carry what the
 *       target sends across the WAN and their upstreams; they flip bytes of it (on the connections
 *       its cluster opens, as with the toxics, of every node of the cluster).</li>
 * </ul>
 * Every step is said on stderr ({@code fault: ...}). {@link #close} cancels what has not happened
 * and undoes what is in force.
 */
public final class NetnsFaults implements AutoCloseable {
    /** The extra one-way delay of a latency spike. */
    static final long SPIKE_MILLIS = 500;
    /** The fraction of its bandwidth a pair keeps during a bandwidth drop. */
    static final double DROP = 0.01;

    private final NetnsGroup group;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "robber-netns-faults");
        t.setDaemon(true);
        return t;
    });
    private final List<Runnable> inForce = new ArrayList<>();
    private final long start = System.nanoTime();

    private NetnsFaults(NetnsGroup group) {
        this.group = group;
    }

    /** Schedules {@code faults} from now on. */
    public static NetnsFaults schedule(NetnsGroup group, List<Fault> faults) {
        NetnsFaults out = new NetnsFaults(group);
        for (Fault f : faults) {
            out.timer.schedule(() -> out.inject(f), f.atNanos(), TimeUnit.NANOSECONDS);
        }
        return out;
    }

    private void inject(Fault f) {
        String what = String.format(Locale.ROOT, "%s on %s at %.1f s", f.kind().label(),
                group.member(f.cluster(), f.rank()).id(), (System.nanoTime() - start) / 1e9);
        try {
            Undo undo = apply(f);
            log(what + (f.kind() == Fault.Kind.KILL ? "" : String.format(Locale.ROOT, " for %.1f s",
                    f.durationNanos() / 1e9)));
            if (undo != null) {
                Runnable once = new Runnable() {
                    @Override
                    public void run() {
                        synchronized (inForce) {
                            if (!inForce.remove(this)) {
                                return;
                            }
                        }
                        try {
                            undo.run();
                            log(f.kind().label() + " on " + group.member(f.cluster(), f.rank()).id() + " undone");
                        } catch (IOException | RuntimeException e) {
                            log("could not undo " + what + ": " + e.getMessage());
                        }
                    }
                };
                synchronized (inForce) {
                    inForce.add(once);
                }
                timer.schedule(once, f.durationNanos(), TimeUnit.NANOSECONDS);
            }
        } catch (IOException | RuntimeException e) {
            log("could not inject " + what + ": " + e.getMessage());
        }
    }

    /** What undoes a fault. */
    interface Undo {
        void run() throws IOException;
    }

    private Undo apply(Fault f) throws IOException {
        NetnsGroup.Member target = group.member(f.cluster(), f.rank());
        NamespaceNetwork net = group.network();
        String ns = net.topology().node(f.cluster(), f.rank());
        switch (f.kind()) {
            case RESET_PEER:
                return toxics(f, stream -> Toxic.resetPeer("fault-reset-" + stream, stream, 0));
            case STOP_READING:
                return toxics(f, stream -> Toxic.timeout("fault-stop-" + stream, stream, f.durationNanos() / 1_000_000));
            case LATENCY_SPIKE:
                return toxics(f, stream -> Toxic.latency("fault-spike-" + stream, stream, SPIKE_MILLIS));
            case BANDWIDTH_DROP:
                return bandwidth(f.cluster());
            case LINK_DOWN:
                net.run("ip -n " + ns + " link set " + ShapingPlan.NODE_DEVICE + " down");
                return () -> {
                    net.run("ip -n " + ns + " link set " + ShapingPlan.NODE_DEVICE + " up");
                    net.run("ip -n " + ns + " route replace default via " + AddressPlan.hubInside(f.cluster()));
                };
            case PAUSE:
                net.run("kill -STOP " + target.process().pid());
                return () -> net.run("kill -CONT " + target.process().pid());
            case KILL:
                target.process().destroyForcibly();
                return null;
            case CORRUPT:
                return CorruptingRelay.inFrontOf(group, f.cluster(), f.rank());
            default:
                throw new IllegalArgumentException("no way to inject " + f.kind() + " on netns");
        }
    }

    /** One toxic per direction on every proxy the fault's target talks across the WAN through. */
    private Undo toxics(Fault f, java.util.function.Function<String, Toxic> toxic) throws IOException {
        HubProxies hubs = group.proxies().orElseThrow(() -> new IllegalStateException(
                f.kind().label() + " needs Toxiproxy on the hubs: " + HubProxies.unavailableReason().orElse("")));
        List<WanProxy> hit = new ArrayList<>(hubs.plan().towards(f.cluster(), f.rank()));
        hit.addAll(hubs.plan().at(f.cluster()));
        hit.removeIf(p -> p.port() == TransferCommands.COORDINATOR_PORT);
        List<Toxic> added = List.of(toxic.apply(Toxic.UPSTREAM), toxic.apply(Toxic.DOWNSTREAM));
        for (WanProxy p : hit) {
            for (Toxic t : added) {
                hubs.api(p.from()).add(p.name(), t);
            }
        }
        return () -> {
            for (WanProxy p : hit) {
                ToxiproxyApi api = hubs.api(p.from());
                for (Toxic t : added) {
                    api.remove(p.name(), t.name());
                }
            }
        };
    }

    /** Every pair class into and out of {@code cluster} at {@value #DROP} of its rate, until undone. */
    private Undo bandwidth(int cluster) throws IOException {
        NamespaceNetwork net = group.network();
        Capacities before = group.capacities();
        double[][] bandwidth = new double[before.clusterCount()][];
        for (int c = 0; c < bandwidth.length; c++) {
            bandwidth[c] = before.bandwidth()[c].clone();
            for (int d = 0; d < bandwidth.length; d++) {
                if (c == cluster || d == cluster) {
                    bandwidth[c][d] = Math.min(bandwidth[c][d], ShapingPlan.UNLIMITED_BITS / 8.0) * DROP;
                }
            }
        }
        Capacities dropped = new Capacities(before.clusters(), before.nodeIn(), before.nodeOut(), before.accessIn(),
                before.accessOut(), bandwidth, before.delay());
        net.changePairRates(dropped);
        return () -> net.changePairRates(before);
    }

    private static void log(String line) {
        System.err.println("fault: " + line);
    }

    /** Cancels the faults still to come and undoes those in force. */
    @Override
    public void close() {
        timer.shutdownNow();
        List<Runnable> undo;
        synchronized (inForce) {
            undo = new ArrayList<>(inForce);
        }
        undo.forEach(Runnable::run);
    }
}
