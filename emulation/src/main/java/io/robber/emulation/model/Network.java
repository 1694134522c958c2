package io.robber.emulation.model;

import io.robber.planning.Capacities;
import io.robber.planning.Units;
import io.robber.emulation.model.NetworkModel.ClusterSpec;
import io.robber.emulation.model.NetworkModel.LinkSpec;
import io.robber.emulation.model.NetworkModel.NodeGroupSpec;
import io.robber.emulation.model.NetworkModel.ScheduleEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * A {@link NetworkModel} resolved to numbers: nominal capacities plus a schedule, from which the
 * capacities at any time follow ({@link #at(long)}). {@link #scaled(double)} shrinks data size and
 * schedule together so that a short run sees the same dynamics.
 */
public final class Network {
    private static final long SECOND = 1_000_000_000L;
    private static final long LONGEST_WAIT = 30L * 24 * 3600 * SECOND;
    private final String name;
    private final long dataSize;
    private final Capacities nominal;
    private final double[][] reported;
    private final List<TimedChange> timed;
    private final Periodic periodic;
    private final List<Fault> faults;

    /** At {@code at}, pairs [c][d] take the given bandwidths (NaN: unchanged). */
    private record TimedChange(long at, double[][] bandwidth) {
    }

    /** Every {@code period}, each unordered pair takes a random fraction of its bandwidth. */
    private record Periodic(long period, double min, double max, long seed) {
    }

    private Network(String name, long dataSize, Capacities nominal, double[][] reported, List<TimedChange> timed,
                    Periodic periodic, List<Fault> faults) {
        this.name = name;
        this.faults = faults;
        this.dataSize = dataSize;
        this.nominal = nominal;
        this.reported = reported;
        this.timed = timed;
        this.periodic = periodic;
    }

    static Network of(NetworkModel model) {
        List<String> names = model.clusters().stream().map(ClusterSpec::name).toList();
        if (new TreeSet<>(names).size() != names.size()) {
            throw new IllegalArgumentException("scenario " + model.name() + " names a cluster twice: " + names);
        }
        int n = names.size();
        Map<String, Integer> index = new HashMap<>();
        for (int c = 0; c < n; c++) {
            index.put(names.get(c), c);
        }
        double[][] nodeIn = new double[n][];
        double[][] nodeOut = new double[n][];
        double[] accessIn = new double[n];
        double[] accessOut = new double[n];
        for (int c = 0; c < n; c++) {
            ClusterSpec spec = model.clusters().get(c);
            nodeIn[c] = new double[spec.nodes()];
            nodeOut[c] = new double[spec.nodes()];
            Arrays.fill(nodeIn[c], Units.rate(spec.nodeIn()));
            Arrays.fill(nodeOut[c], Units.rate(spec.nodeOut()));
            for (NodeGroupSpec g : spec.nodeGroups()) {
                if (g.from() < 0 || g.to() > spec.nodes() || g.from() >= g.to()) {
                    throw new IllegalArgumentException("cluster " + spec.name() + ": node group [" + g.from() + ", "
                            + g.to() + ") outside its " + spec.nodes() + " nodes");
                }
                Arrays.fill(nodeIn[c], g.from(), g.to(), Units.rate(g.nodeIn()));
                Arrays.fill(nodeOut[c], g.from(), g.to(), Units.rate(g.nodeOut()));
            }
            accessIn[c] = Units.rate(spec.accessIn());
            accessOut[c] = Units.rate(spec.accessOut());
        }
        Rules pairRules = new Rules(model);
        double[][] bandwidth = new double[n][n];
        double[][] reported = new double[n][n];
        long[][] delay = new long[n][n];
        for (int c = 0; c < n; c++) {
            for (int d = 0; d < n; d++) {
                if (c == d) {
                    bandwidth[c][d] = Double.POSITIVE_INFINITY;
                    reported[c][d] = Double.POSITIVE_INFINITY;
                    continue;
                }
                List<LinkSpec> rules = pairRules.of(names.get(c), names.get(d));
                String bw = last(rules, LinkSpec::bandwidth);
                String rep = last(rules, LinkSpec::reported);
                String del = last(rules, LinkSpec::delay);
                bandwidth[c][d] = Units.rate(bw);
                reported[c][d] = rep == null ? bandwidth[c][d] : Units.rate(rep);
                delay[c][d] = del == null ? 0 : Units.nanos(del);
            }
        }
        checkNames(model, index);
        Capacities nominal = new Capacities(names, nodeIn, nodeOut, accessIn, accessOut, bandwidth, delay);
        List<TimedChange> timed = new ArrayList<>();
        Periodic periodic = null;
        for (ScheduleEntry e : model.schedule()) {
            if (e.every() != null) {
                if (periodic != null) {
                    throw new IllegalArgumentException("scenario " + model.name() + " has two periodic changes");
                }
                double min = e.minFraction() == null ? 0.1 : e.minFraction();
                double max = e.maxFraction() == null ? 1.0 : e.maxFraction();
                if (!(0 < min && min <= max && max <= 1)) {
                    throw new IllegalArgumentException("random fractions must satisfy 0 < min <= max <= 1");
                }
                periodic = new Periodic(Units.nanos(e.every()), min, max, e.seed() == null ? 0 : e.seed());
            } else {
                double[][] change = new double[n][n];
                for (double[] row : change) {
                    Arrays.fill(row, Double.NaN);
                }
                for (LinkSpec r : e.links()) {
                    for (int c = 0; c < n; c++) {
                        for (int d = 0; d < n; d++) {
                            if (c != d && matches(r, names.get(c), names.get(d))) {
                                change[c][d] = Units.rate(r.bandwidth());
                            }
                        }
                    }
                }
                timed.add(new TimedChange(Units.nanos(e.at()), change));
            }
        }
        timed.sort((a, b) -> Long.compare(a.at(), b.at()));
        long size = model.dataSize() == null ? 100_000_000L : Units.bytes(model.dataSize());
        return new Network(model.name(), size, nominal, reported, List.copyOf(timed), periodic, faults(model, index));
    }

    /**
     * The rules that apply to a pair, least specific first: the WAN default (or the same-region
     * default), then region-pair rules, then cluster-pair rules. Each property comes from the most
     * specific rule that sets it. Cluster-pair rules are indexed by pair, so that generated models
     * with a rule for every pair resolve in time linear in their size.
     */
    private static final class Rules {
        private final NetworkModel model;
        private final Map<String, String> region = new HashMap<>();
        private final Map<List<String>, List<LinkSpec>> byPair = new HashMap<>();

        Rules(NetworkModel model) {
            this.model = model;
            model.clusters().forEach(c -> region.putIfAbsent(c.name(), c.region()));
            for (LinkSpec r : model.links()) {
                if (r.between() != null) {
                    if (r.between().size() != 2) {
                        throw new IllegalArgumentException("'between' takes exactly two names: " + r.between());
                    }
                    add(r.between().get(0), r.between().get(1), r);
                    if (!r.between().get(0).equals(r.between().get(1))) {
                        add(r.between().get(1), r.between().get(0), r);
                    }
                } else {
                    add(r.from(), r.to(), r);
                }
            }
        }

        private void add(String a, String b, LinkSpec rule) {
            byPair.computeIfAbsent(List.of(String.valueOf(a), String.valueOf(b)), k -> new ArrayList<>()).add(rule);
        }

        List<LinkSpec> of(String a, String b) {
            String ra = region.get(a);
            String rb = region.get(b);
            List<LinkSpec> rules = new ArrayList<>();
            if (ra != null && ra.equals(rb) && model.sameRegion() != null) {
                rules.add(model.sameRegion());
            } else if (model.wan() != null) {
                rules.add(model.wan());
            }
            if (ra != null && rb != null) {
                model.regionLinks().stream().filter(r -> matches(r, ra, rb)).forEach(rules::add);
            }
            rules.addAll(byPair.getOrDefault(List.of(a, b), List.of()));
            return rules;
        }
    }

    private static String last(List<LinkSpec> rules, java.util.function.Function<LinkSpec, String> property) {
        String value = null;
        for (LinkSpec r : rules) {
            if (property.apply(r) != null) {
                value = property.apply(r);
            }
        }
        return value;
    }

    private static void checkNames(NetworkModel model, Map<String, Integer> index) {
        List<LinkSpec> all = new ArrayList<>(model.links());
        model.schedule().stream().filter(e -> e.links() != null).forEach(e -> all.addAll(e.links()));
        for (LinkSpec r : all) {
            List<String> named = r.between() != null ? r.between() : List.of(String.valueOf(r.from()), String.valueOf(r.to()));
            for (String cluster : named) {
                if (!index.containsKey(cluster)) {
                    throw new IllegalArgumentException("scenario " + model.name() + " names unknown cluster '" + cluster
                            + "'; clusters are " + index.keySet());
                }
            }
        }
    }

    private static boolean matches(LinkSpec rule, String a, String b) {
        if (rule.between() != null) {
            if (rule.between().size() != 2) {
                throw new IllegalArgumentException("'between' takes exactly two names: " + rule.between());
            }
            String x = rule.between().get(0);
            String y = rule.between().get(1);
            return x.equals(a) && y.equals(b) || x.equals(b) && y.equals(a);
        }
        return a.equals(rule.from()) && b.equals(rule.to());
    }

    public String name() {
        return name;
    }

    /** The data size of the scenario (already scaled). */
    public long dataSize() {
        return dataSize;
    }

    public Capacities nominal() {
        return nominal;
    }

    /** The capacities as monitoring data reports them at the start (for sender-side planners). */
    public Capacities reported() {
        return new Capacities(nominal.clusters(), nominal.nodeIn(), nominal.nodeOut(), nominal.accessIn(),
                nominal.accessOut(), reported, nominal.delay());
    }

    /** The capacities at {@code nanos} after the start. */
    public Capacities at(long nanos) {
        int n = nominal.clusterCount();
        double[][] bandwidth = new double[n][];
        for (int c = 0; c < n; c++) {
            bandwidth[c] = nominal.bandwidth()[c].clone();
        }
        for (TimedChange change : timed) {
            if (change.at() > nanos) {
                break;
            }
            for (int c = 0; c < n; c++) {
                for (int d = 0; d < n; d++) {
                    if (!Double.isNaN(change.bandwidth()[c][d])) {
                        bandwidth[c][d] = change.bandwidth()[c][d];
                    }
                }
            }
        }
        if (periodic != null && nanos >= periodic.period()) {
            long k = nanos / periodic.period();
            SplittableRandom random = new SplittableRandom(periodic.seed() * 1_000_003L + k);
            for (int c = 0; c < n; c++) {
                for (int d = c + 1; d < n; d++) {
                    double f = periodic.min() + (periodic.max() - periodic.min()) * random.nextDouble();
                    bandwidth[c][d] *= f;
                    bandwidth[d][c] *= f;
                }
            }
        }
        return new Capacities(nominal.clusters(), nominal.nodeIn(), nominal.nodeOut(), nominal.accessIn(),
                nominal.accessOut(), bandwidth, nominal.delay());
    }

    /** The times in (0, horizon] at which capacities change, ascending. */
    public List<Long> changeTimes(long horizonNanos) {
        TreeSet<Long> times = new TreeSet<>();
        for (TimedChange change : timed) {
            if (change.at() > 0 && change.at() <= horizonNanos) {
                times.add(change.at());
            }
        }
        if (periodic != null) {
            for (long t = periodic.period(); t <= horizonNanos; t += periodic.period()) {
                times.add(t);
            }
        }
        return List.copyOf(times);
    }

    /**
     * The first change after {@code afterNanos}, or -1 when none comes; looks ahead in growing steps up
     * to 30 days, as periodic schedules never end.
     */
    public long nextChange(long afterNanos) {
        for (long ahead = SECOND; ahead <= LONGEST_WAIT; ahead *= 4) {
            for (long t : changeTimes(afterNanos + ahead)) {
                if (t > afterNanos) {
                    return t;
                }
            }
        }
        return -1;
    }

    /** Data size and every schedule time multiplied by {@code factor}. */
    public Network scaled(double factor) {
        if (!(factor > 0)) {
            throw new IllegalArgumentException("scale must be positive, got " + factor);
        }
        List<TimedChange> scaledTimed = timed.stream()
                .map(c -> new TimedChange(Math.round(c.at() * factor), c.bandwidth())).toList();
        Periodic scaledPeriodic = periodic == null ? null
                : new Periodic(Math.max(1, Math.round(periodic.period() * factor)), periodic.min(), periodic.max(),
                        periodic.seed());
        return new Network(name, Math.max(1, Math.round(dataSize * factor)), nominal, reported, scaledTimed,
                scaledPeriodic, faults.stream().map(f -> f.scaled(factor)).toList());
    }

    /**
     * Every bandwidth (NICs, access links, pairs, scheduled values, monitoring data) multiplied by
     * {@code factor}; delays unchanged. For networks whose full rates exceed what one machine can
     * emulate: the bound scales by the same factor, so results compare as percentages of it.
     */
    public Network rateScaled(double factor) {
        if (!(factor > 0)) {
            throw new IllegalArgumentException("rate scale must be positive, got " + factor);
        }
        Capacities scaled = new Capacities(nominal.clusters(), times(nominal.nodeIn(), factor),
                times(nominal.nodeOut(), factor), times(nominal.accessIn(), factor), times(nominal.accessOut(), factor),
                times(nominal.bandwidth(), factor), nominal.delay());
        List<TimedChange> scaledTimed = timed.stream()
                .map(c -> new TimedChange(c.at(), times(c.bandwidth(), factor))).toList();
        return new Network(name, dataSize, scaled, times(reported, factor), scaledTimed, periodic, faults);
    }

    private static double[][] times(double[][] values, double factor) {
        double[][] out = new double[values.length][];
        for (int i = 0; i < values.length; i++) {
            out[i] = times(values[i], factor);
        }
        return out;
    }

    private static double[] times(double[] values, double factor) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i] * factor;
        }
        return out;
    }

    /** The same network carrying {@code bytes} of data. */
    public Network withDataSize(long bytes) {
        return new Network(name, bytes, nominal, reported, timed, periodic, faults);
    }

    /** The scenario's faults, in the order it lists them (times scaled with the schedule). */
    public List<Fault> faults() {
        return faults;
    }

    private static List<Fault> faults(NetworkModel model, Map<String, Integer> index) {
        List<Fault> out = new ArrayList<>();
        for (NetworkModel.FaultSpec f : model.faults()) {
            String target = String.valueOf(f.target());
            int slash = target.indexOf('/');
            Integer cluster = slash < 0 ? null : index.get(target.substring(0, slash));
            int rank;
            try {
                rank = slash < 0 ? -1 : Integer.parseInt(target.substring(slash + 1));
            } catch (NumberFormatException e) {
                rank = -1;
            }
            if (cluster == null || rank < 0 || rank >= model.clusters().get(cluster).nodes()) {
                throw new IllegalArgumentException("scenario " + model.name() + ": fault target '" + target
                        + "' is not CLUSTER/RANK of one of its nodes");
            }
            out.add(new Fault(Fault.Kind.of(f.kind()), cluster, rank, f.at() == null ? 0 : Units.nanos(f.at()),
                    f.duration() == null ? 0 : Units.nanos(f.duration())));
        }
        return List.copyOf(out);
    }
}
