package io.robber.cli.transfer;

import io.robber.cli.convert.ByteSizes;
import io.robber.rendezvous.TransferListener;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;

/**
 * What a transfer command tells its operator on stderr: status lines, warnings and progress. On a
 * terminal progress is one bar redrawn in place (with rate and ETA); otherwise it is a plain line
 * every {@code --progress-interval}. {@code --quiet} keeps warnings only.
 */
public final class Reporter implements TransferListener {
    private static final int BAR_WIDTH = 24;
    private static final long TTY_REDRAW_NANOS = 200_000_000L;
    /** No new data for this long is shown as stalled. */
    private static final long STALLED_NANOS = 3_000_000_000L;

    private final PrintWriter err;
    private final String name;
    private final boolean quiet;
    private final boolean tty;
    private final long intervalNanos;
    private long lastDrawNanos;
    private long rateBytes;
    private long rateNanos;
    private double rate;
    private boolean barShown;
    private long lastDone;
    private long lastChangeNanos = System.nanoTime();
    private long firstDataNanos;

    /**
     * @param name     the command, e.g. {@code robber send}, at the start of every line
     * @param tty      draw a bar in place (stderr is a terminal)
     * @param interval time between plain progress lines
     */
    public Reporter(PrintWriter err, String name, boolean quiet, boolean tty, Duration interval) {
        this.err = err;
        this.name = name;
        this.quiet = quiet;
        this.tty = tty;
        this.intervalNanos = interval.toNanos();
        this.rateNanos = System.nanoTime();
    }

    @Override
    public synchronized void info(String line) {
        if (!quiet) {
            print(name + ": " + line);
        }
    }

    @Override
    public synchronized void warn(String line) {
        print(name + ": warning: " + line);
    }

    private void print(String line) {
        if (barShown) {
            err.print("\r\033[K");
            barShown = false;
        }
        err.println(line);
        err.flush();
    }

    /**
     * Reports progress; draws at most every 200 ms on a terminal, every interval otherwise.
     *
     * @param done  bytes done so far
     * @param total bytes in all
     * @param note  extra text, e.g. how many receivers are done; may be empty
     */
    @Override
    public synchronized void progress(long done, long total, String note) {
        if (quiet) {
            return;
        }
        long now = System.nanoTime();
        if (done != lastDone) {
            if (lastDone <= 0 && done > 0) {
                firstDataNanos = now;
            }
            lastDone = done;
            lastChangeNanos = now;
        }
        if (now - rateNanos >= 500_000_000L) {
            double instant = Math.max(0, (done - rateBytes) / ((now - rateNanos) / 1e9));
            rate = instant == 0 ? 0 : rate == 0 ? instant : 0.6 * rate + 0.4 * instant;
            rateBytes = done;
            rateNanos = now;
        }
        long every = tty ? TTY_REDRAW_NANOS : intervalNanos;
        if (lastDrawNanos != 0 && now - lastDrawNanos < every) {
            return;
        }
        lastDrawNanos = now;
        String line = line(done, total, note);
        if (tty) {
            err.print("\r\033[K" + line);
            barShown = true;
        } else {
            err.println(name + ": " + line);
        }
        err.flush();
    }

    /** Clears the bar, if one is shown. */
    @Override
    public synchronized void endProgress() {
        if (barShown) {
            err.print("\r\033[K");
            err.flush();
            barShown = false;
        }
    }

    String line(long done, long total, String note) {
        double fraction = total <= 0 ? 1 : Math.min(1, (double) done / total);
        StringBuilder line = new StringBuilder();
        if (tty) {
            int filled = (int) Math.round(fraction * BAR_WIDTH);
            line.append('[').append("#".repeat(filled)).append("-".repeat(BAR_WIDTH - filled)).append("] ");
        }
        line.append(String.format(Locale.ROOT, "%3d%% %s of %s", (int) Math.floor(fraction * 100),
                ByteSizes.format(Math.min(done, total)), ByteSizes.format(total)));
        long now = now();
        double shown = rate;
        if (shown <= 0 && done > 0 && now - lastChangeNanos < STALLED_NANOS && now > firstDataNanos) {
            shown = done / ((now - firstDataNanos) / 1e9 + 0.5);
        }
        line.append(String.format(Locale.ROOT, ", %s/s", rate(shown)));
        if (done > 0 && done < total) {
            if (now - lastChangeNanos >= STALLED_NANOS) {
                line.append(", stalled");
            } else if (shown >= 1) {
                line.append(", ETA ").append(duration((long) Math.min(359_999, (total - done) / shown)));
            }
        }
        if (note != null && !note.isEmpty()) {
            line.append(", ").append(note);
        }
        return line.toString();
    }

    private static long now() {
        return System.nanoTime();
    }

    static String rate(double bytesPerSecond) {
        if (bytesPerSecond <= 0 || Double.isNaN(bytesPerSecond)) {
            return "0 B";
        }
        return ByteSizes.format((long) bytesPerSecond).replaceAll("\\.(\\d)\\d* ", ".$1 ");
    }

    static String duration(long seconds) {
        if (seconds < 60) {
            return seconds + "s";
        }
        if (seconds < 3600) {
            return seconds / 60 + "m" + String.format(Locale.ROOT, "%02ds", seconds % 60);
        }
        return seconds / 3600 + "h" + String.format(Locale.ROOT, "%02dm", seconds % 3600 / 60);
    }
}
