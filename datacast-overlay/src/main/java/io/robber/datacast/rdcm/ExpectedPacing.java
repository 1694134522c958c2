package io.robber.datacast.rdcm;

import io.robber.sim.VirtualClock;

/**
 * §3.5 at the sender on the fabric: the next packet at the sender's rate while the slowest receiver
 * expects it (below the least h reported), else a wait for a report; a wait a timeout long sends one
 * packet anyway (a probe, which the receivers answer with a report: theirs may have been lost).
 */
final class ExpectedPacing {
    private final VirtualClock clock;
    private final SlowestExpected slowest;
    private final long intervalNanos;
    private final long timeoutNanos;
    private final Runnable send;
    private int packets;
    private int sent;
    private boolean waiting;
    private Runnable probe = () -> { };

    /** Paces {@code send} (which sends the next packet) for {@code receivers}. */
    ExpectedPacing(VirtualClock clock, int[] receivers, RdcmSettings settings, Runnable send) {
        this.clock = clock;
        this.slowest = new SlowestExpected(receivers);
        this.intervalNanos = settings.intervalNanos();
        this.timeoutNanos = settings.timeoutNanos();
        this.send = send;
    }

    /** Sends {@code packets} packets from now on. */
    void start(int packets) {
        this.packets = packets;
        clock.schedule(0, this::pump);
    }

    /** {@code receiver} reported its h. */
    void report(int receiver, int highest) {
        slowest.report(receiver, highest);
        resume();
    }

    /** {@code receiver} is out of the group: its h no longer holds the sender back. */
    void remove(int receiver) {
        slowest.remove(receiver);
        resume();
    }

    private void resume() {
        if (waiting && sent < slowest.slowest()) {
            waiting = false;
            probe.run();
            pump();
        }
    }

    private void pump() {
        if (sent >= packets) {
            return;
        }
        if (sent >= slowest.slowest()) {
            waiting = true;
            probe = clock.schedule(timeoutNanos, this::probe);
            return;
        }
        sendOne();
        clock.schedule(intervalNanos, this::pump);
    }

    private void probe() {
        if (waiting && sent < packets) {
            sendOne();
            probe = clock.schedule(timeoutNanos, this::probe);
        }
    }

    private void sendOne() {
        sent++;
        send.run();
    }
}
