package io.robber.datacast.mctcp;

import io.robber.datacast.multicast.MulticastTree;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * MCTCP's routing manager (§3.2.3): the GSP, computed once per adjustment cycle ({@link #refresh}),
 * the trees calculated from it (SP-MPH or SWP-WMPH), and the routing adjustment of Algorithms 1–2.
 * Sans-IO: it decides trees, the group manager installs them.
 */
public final class RoutingManager {
    private final LinkLoads loads;
    private final RoutingSettings settings;
    private GlobalShortestPaths gsp;

    public RoutingManager(LinkLoads loads, RoutingSettings settings) {
        this.loads = loads;
        this.settings = settings;
        refresh(0);
    }

    /** Recomputes the GSP from the current link weights; {@code meanGroupRate} enters B_a. */
    public void refresh(double meanGroupRate) {
        gsp = GlobalShortestPaths.of(loads, settings.routing(), settings.eta(), meanGroupRate);
    }

    public GlobalShortestPaths gsp() {
        return gsp;
    }

    public LinkLoads loads() {
        return loads;
    }

    /** The tree for a new group from the current GSP; empty if a receiver cannot be reached. */
    public Optional<MulticastTree> calculate(int source, int[] receivers) {
        return PathHeuristic.tree(gsp, source, receivers, settings.routing() == Routing.SHORTEST_WIDEST_PATH);
    }

    /**
     * Algorithm 1: the arcs heavier than W_thr are overloaded; the groups are taken by ascending
     * rate, and each whose tree crosses an overloaded arc gets a new tree from the GSP, installed if
     * {@link #worthMoving} (Algorithm 2), the weights corrected by B_g/B on the arcs it leaves and
     * joins so the groups after it see it moved. Returns the groups moved, in order; their trees are
     * already the new ones.
     */
    public List<RoutedGroup> adjust(List<RoutedGroup> groups) {
        boolean[] overloaded = new boolean[loads.network().arcCount()];
        for (int arc = 0; arc < overloaded.length; arc++) {
            overloaded[arc] = loads.weight(arc) > settings.overloadWeight();
        }
        List<RoutedGroup> sorted = new ArrayList<>(groups);
        sorted.sort(Comparator.comparingDouble(RoutedGroup::rate));
        List<RoutedGroup> moved = new ArrayList<>();
        for (RoutedGroup group : sorted) {
            if (Arrays.stream(group.tree().arcs()).noneMatch(arc -> overloaded[arc])) {
                continue;
            }
            Optional<MulticastTree> next = calculate(group.source(), group.receivers());
            if (next.isPresent() && worthMoving(group, next.get().arcs())) {
                move(group, next.get());
                moved.add(group);
            }
        }
        return moved;
    }

    /**
     * Every group whose tree crosses a link that is down gets a new tree at once, whatever it costs
     * (§3.2.3: "all the relevant MSTs should be updated quickly"). Returns the groups moved.
     */
    public List<RoutedGroup> rerouteAroundFailures(List<RoutedGroup> groups) {
        List<RoutedGroup> moved = new ArrayList<>();
        for (RoutedGroup group : groups) {
            if (loads.anyDown(group.tree().arcs())) {
                Optional<MulticastTree> next = calculate(group.source(), group.receivers());
                if (next.isPresent()) {
                    move(group, next.get());
                    moved.add(group);
                }
            }
        }
        return moved;
    }

    /**
     * Algorithm 2 (MCTCP-S): the new tree's cost, its new arcs carrying the group's load B_g/B on
     * top, is at least C_thr = B_g/B below the current tree's. MCTCP-W: the new tree's width
     * B_new (the group's own load taken off the arcs it already uses) exceeds B_g·(1 + α) and the
     * current tree's width. Never for the same arcs.
     */
    boolean worthMoving(RoutedGroup group, int[] next) {
        int[] current = group.tree().arcs();
        boolean[] onCurrent = new boolean[loads.network().arcCount()];
        for (int arc : current) {
            onCurrent[arc] = true;
        }
        int[] added = Arrays.stream(next).filter(arc -> !onCurrent[arc]).toArray();
        if (added.length == 0 && next.length == current.length) {
            return false;
        }
        double rate = group.rate();
        if (settings.routing() == Routing.SHORTEST_PATH) {
            double share = rate / loads.capacity(current.length > 0 ? current[0] : next[0]);
            double costCurrent = loads.cost(current);
            double costNew = loads.cost(next) + share * added.length;
            return costCurrent - costNew >= share;
        }
        double widthNew = widthWithout(next, onCurrent, rate);
        return widthNew > rate * (1 + settings.alpha()) && widthNew > widthWithout(current, onCurrent, rate);
    }

    /** The least available bandwidth over {@code arcs}, the group's own {@code rate} given back on its current arcs. */
    private double widthWithout(int[] arcs, boolean[] onCurrent, double rate) {
        double width = Double.POSITIVE_INFINITY;
        for (int arc : arcs) {
            double available = loads.available(arc) + (onCurrent[arc] ? rate : 0);
            width = Math.min(width, loads.isUp(arc) ? Math.min(available, loads.capacity(arc)) : 0);
        }
        return width;
    }

    /** Algorithm 1, lines 15–21: the weights follow the group to its new tree. */
    private void move(RoutedGroup group, MulticastTree next) {
        int[] current = group.tree().arcs();
        int[] after = next.arcs();
        boolean[] onCurrent = new boolean[loads.network().arcCount()];
        boolean[] onNext = new boolean[onCurrent.length];
        for (int arc : current) {
            onCurrent[arc] = true;
        }
        for (int arc : after) {
            onNext[arc] = true;
        }
        for (int arc : after) {
            if (!onCurrent[arc]) {
                loads.setWeight(arc, loads.weight(arc) + group.rate() / loads.capacity(arc));
            }
        }
        for (int arc : current) {
            if (!onNext[arc]) {
                loads.setWeight(arc, Math.max(0, loads.weight(arc) - group.rate() / loads.capacity(arc)));
            }
        }
        group.tree(next);
    }
}
