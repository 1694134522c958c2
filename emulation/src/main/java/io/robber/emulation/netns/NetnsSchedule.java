package io.robber.emulation.netns;

import io.robber.emulation.model.Network;
import java.io.IOException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A scenario's schedule played on the namespace layout: at each moment the network's pair bandwidths
 * change (timed entries and periodic fluctuation alike), every hub's pair classes get the new rates
 * by {@code tc class change}, counted from {@link #follow} (which the caller makes the transfer's
 * start). A bandwidth-drop fault in force is overridden by the next change, as a schedule would
 * override it on a real WAN.
 */
public final class NetnsSchedule implements AutoCloseable {
    private final NamespaceNetwork net;
    private final Network network;
    private final long start = System.nanoTime();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "robber-netns-schedule");
        t.setDaemon(true);
        return t;
    });

    private NetnsSchedule(NamespaceNetwork net, Network network) {
        this.net = net;
        this.network = network;
    }

    /** Plays {@code network}'s schedule on {@code net} from now on; nothing happens for a static scenario. */
    public static NetnsSchedule follow(NamespaceNetwork net, Network network) {
        NetnsSchedule schedule = new NetnsSchedule(net, network);
        schedule.after(0);
        return schedule;
    }

    private void after(long nanos) {
        long next = network.nextChange(nanos);
        if (next >= 0 && !timer.isShutdown()) {
            timer.schedule(() -> change(next), start + next - System.nanoTime(), TimeUnit.NANOSECONDS);
        }
    }

    private void change(long at) {
        try {
            net.changePairRates(network.at(at));
            System.err.printf("schedule: pair rates of %.1f s in force%n", at / 1e9);
        } catch (IOException | RuntimeException e) {
            System.err.printf("schedule: could not apply the pair rates of %.1f s: %s%n", at / 1e9, e.getMessage());
        }
        after(at);
    }

    /** Stops playing the schedule; the rates in force stay. */
    @Override
    public void close() {
        timer.shutdownNow();
    }
}
