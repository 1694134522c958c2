package io.robber.cli.bench;

import io.robber.datacast.timeline.Timeline;
import io.robber.datacast.timeline.Timeline.Kind;
import java.util.List;
import java.util.Locale;
import java.util.function.IntToDoubleFunction;

/**
 * A {@link Timeline} as an inline SVG line chart, the way the papers plot their time series: the
 * sender's rate in black, each receiver's receiving rate in blue and, for RDCM, the part of it that
 * came over the backup overlay in orange.
 */
final class TimelineChart {
    private static final int WIDTH = 720;
    private static final int HEIGHT = 240;
    private static final int LEFT = 56;
    private static final int RIGHT = 12;
    private static final int TOP = 26;
    private static final int BOTTOM = 34;

    private TimelineChart() {
    }

    /** The chart, or an empty string when nothing was recorded. */
    static String svg(Timeline timeline) {
        int bins = timeline.bins();
        if (bins == 0) {
            return "";
        }
        List<Timeline.Series> series = timeline.series();
        List<Integer> receivers = series.stream().filter(s -> s.kind() != Kind.SENT).map(Timeline.Series::node)
                .distinct().toList();
        double top = 1;
        for (int bin = 0; bin < bins; bin++) {
            for (Timeline.Series s : series) {
                top = Math.max(top, timeline.mbps(s, bin));
            }
            for (int r : receivers) {
                top = Math.max(top, timeline.receivedMbps(r, bin));
            }
        }
        double yMax = niceCeiling(top);
        double seconds = bins * timeline.binNanos() / 1e9;
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-size=\"11\" "
                        + "font-family=\"sans-serif\">%n", WIDTH, HEIGHT));
        axes(svg, seconds, yMax);
        for (int r : receivers) {
            line(svg, bins, yMax, bin -> timeline.receivedMbps(r, bin), "#47c", 1, 0.45);
        }
        for (Timeline.Series s : series) {
            if (s.kind() == Kind.OVERLAY) {
                line(svg, bins, yMax, bin -> timeline.mbps(s, bin), "#e80", 1, 0.7);
            }
        }
        for (Timeline.Series s : series) {
            if (s.kind() == Kind.SENT) {
                line(svg, bins, yMax, bin -> timeline.mbps(s, bin), "#000", 2, 1);
            }
        }
        legend(svg, series.stream().anyMatch(s -> s.kind() == Kind.OVERLAY));
        return svg.append("</svg>\n").toString();
    }

    private static void axes(StringBuilder svg, double seconds, double yMax) {
        int x0 = LEFT;
        int y0 = HEIGHT - BOTTOM;
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>%n"
                + "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>%n", x0, y0, WIDTH - RIGHT, y0, x0, y0,
                x0, TOP));
        for (int i = 0; i <= 4; i++) {
            double x = x0 + i * (WIDTH - RIGHT - x0) / 4.0;
            double y = y0 - i * (y0 - TOP) / 4.0;
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", x,
                    y0 + 14, number(seconds * i / 4)));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", x0 - 4,
                    y + 4, number(yMax * i / 4)));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">seconds</text>%n"
                + "<text x=\"12\" y=\"%d\" transform=\"rotate(-90 12 %d)\" text-anchor=\"middle\">Mbit/s</text>%n",
                (x0 + WIDTH - RIGHT) / 2, HEIGHT - 4, (TOP + y0) / 2, (TOP + y0) / 2));
    }

    private static void line(StringBuilder svg, int bins, double yMax, IntToDoubleFunction mbps, String colour,
            int width, double opacity) {
        svg.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%d\" "
                + "stroke-opacity=\"%.2f\" points=\"", colour, width, opacity));
        double plotWidth = WIDTH - RIGHT - LEFT;
        double plotHeight = HEIGHT - BOTTOM - TOP;
        for (int bin = 0; bin < bins; bin++) {
            double x = LEFT + (bin + 0.5) * plotWidth / bins;
            double y = HEIGHT - BOTTOM - Math.min(1, mbps.applyAsDouble(bin) / yMax) * plotHeight;
            svg.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
        }
        svg.append("\"/>\n");
    }

    private static void legend(StringBuilder svg, boolean overlay) {
        int x = LEFT + 10;
        svg.append(entry(x, "#000", "sent"));
        svg.append(entry(x + 70, "#47c", "each receiver"));
        if (overlay) {
            svg.append(entry(x + 180, "#e80", "of it over the overlay"));
        }
    }

    private static String entry(int x, String colour, String label) {
        return String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"3\" fill=\"%s\"/>"
                + "<text x=\"%d\" y=\"%d\">%s</text>%n", x, 8, colour, x + 16, 13, label);
    }

    /** The smallest 1, 2 or 5 times a power of ten at or above {@code value}. */
    static double niceCeiling(double value) {
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 2, 5, 10}) {
            if (step * power >= value * (1 - 1e-12)) {
                return step * power;
            }
        }
        return 10 * power;
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e9 ? String.valueOf((long) value)
                : String.format(Locale.ROOT, "%.3g", value);
    }
}
