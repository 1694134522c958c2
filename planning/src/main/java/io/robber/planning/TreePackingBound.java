package io.robber.planning;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * The theoretical maximum multicast throughput of a static network: the linear program over
 * cluster-level multicast trees that the Robber paper solves (§4.2.1, "converting all 16 possible
 * multicast trees between the four clusters to a linear program").
 *
 * <p>Model. The root is node 0 of cluster 0, and every cluster must receive all data. Inside a
 * cluster, traffic is free (the clusters' local interconnect is not shaped), so a cluster acts as
 * one vertex: any of its nodes can forward any byte it holds, and its NICs add up. A tree is a
 * spanning arborescence of the clusters rooted at cluster 0; a byte on tree t crosses each of its
 * edges c→d once. With x_t ≥ 0 the rate of tree t, the program is
 * <pre>
 *   maximise  Σ_t x_t
 *   subject to, for every finite capacity,
 *     pair c→d:       Σ_{t ∋ c→d} x_t            ≤ bandwidth[c][d]
 *     cluster out c:  Σ_t children_t(c) · x_t    ≤ clusterOut(c) = min(access out, Σ NIC out)
 *     cluster in d≠0: Σ_t x_t                    ≤ clusterIn(d)  = min(access in,  Σ NIC in)
 * </pre>
 * Infinite capacities impose nothing. The root node's own NIC is no separate limit: it hands its
 * data to the other nodes of its cluster for free, so cluster 0's NICs together feed the WAN. Spanning
 * trees lose nothing against arbitrary routing: any way to bring a byte to every cluster contains
 * an arborescence that uses no more of any capacity. Not modelled: delays (a fluid model), protocol
 * overhead, and network coding.
 *
 * <p>Method: column generation, so that it scales past the paper's 8-cluster limit instead of
 * listing all n<sup>n−2</sup> trees (16 clusters: 10<sup>16</sup>). It starts from the
 * minimum-cost tree at prices 1/capacity (a shortest-path tree), then repeatedly solves the
 * restricted program's dual (min Σ capacity·y subject to, per known tree, Σ usage·y ≥ 1, y ≥ 0) for
 * the prices y of the capacities, and prices the best new tree as a minimum-cost spanning
 * arborescence (Chu–Liu/Edmonds) with edge cost y_pair[c][d] + y_out[c] + y_in[d]. A tree whose
 * reduced cost 1 − cost exceeds 10<sup>−9</sup> improves the program; it enters together with a few
 * more improving trees near it (a short multiplicative-weights walk). Without one, the known trees are
 * optimal, and the restricted primal gives their rates. The dual is solved as a program of its own
 * because ojAlgo's presolver turns single-tree rows into variable bounds and drops their dual
 * values. Capacities are normalised by the largest one to keep the solver well conditioned.
 *
 * <p>The result is proven rather than trusted: the rates are checked against every capacity, and
 * their sum against an upper bound that follows from the prices alone (prices divided by the
 * cheapest tree's price are feasible for the full dual). ojAlgo's simplex loses accuracy on
 * restricted programs of about 500 trees by 550 capacities (24 clusters of the tc2 kind); that is
 * detected and reported as an {@link IllegalStateException}, never returned as a number. Tested up
 * to 20 clusters (a few seconds); the shipped scenarios have at most 16 (about a second).
 */
public final class TreePackingBound {
    /** A tree enters the program only when its reduced cost 1 − price exceeds this. */
    private static final double IMPROVEMENT = 1e-9;
    private static final int ROOT = 0;
    /** How much of the start prices (1 / capacity) the weight walk mixes into the program's prices. */
    private static final double TIE_BREAK = 1e-2;
    /** The weight walk's multiplicative step. */
    private static final double STEP = 0.5;
    /** Relative error tolerated between the solver's claims and their checks. */
    private static final double ACCURACY = 1e-6;
    /** Column generation gives up after this many solves per cluster (a 16-cluster case takes ~20 in all). */
    private static final int MAX_SOLVES_PER_CLUSTER = 10;
    /** The weight walk takes at most this many rounds per cluster. */
    private static final int WALK_ROUNDS = 3;

    private TreePackingBound() {
    }

    private enum Kind { PAIR, OUT, IN }

    /** One finite capacity: pair c→d, cluster c's out, or cluster d's in; normalised. */
    private record Limit(Kind kind, int c, int d, double capacity) {

        /** How often a byte on the tree passes this capacity. */
        int usage(int[] parents) {
            return switch (kind) {
                case PAIR -> parents[d] == c ? 1 : 0;
                case OUT -> (int) Arrays.stream(parents).filter(p -> p == c).count();
                case IN -> 1;
            };
        }

        /** Adds price y of this capacity to the edges that use it. */
        void charge(double[][] cost, double y) {
            if (kind == Kind.PAIR) {
                cost[c][d] += y;
                return;
            }
            for (int v = 0; v < cost.length; v++) {
                if (kind == Kind.OUT && v != c) {
                    cost[c][v] += y;
                } else if (kind == Kind.IN && v != d) {
                    cost[v][d] += y;
                }
            }
        }
    }

    /** The maximum rate at which cluster 0 can multicast to all clusters, and trees that reach it. */
    public static Bound of(Capacities capacities) {
        int n = capacities.clusterCount();
        int[] free = unlimitedTree(capacities);
        if (free != null) {
            return new Bound(Double.POSITIVE_INFINITY, List.of(new Bound.Tree(free, Double.POSITIVE_INFINITY)));
        }
        List<Limit> finite = finiteLimits(capacities);
        double largest = finite.stream().mapToDouble(Limit::capacity).max().orElse(0);
        double unit = largest > 0 ? largest : 1;
        List<Limit> limits = finite.stream().map(l -> new Limit(l.kind(), l.c(), l.d(), l.capacity() / unit)).toList();

        Columns columns = generate(limits, n);
        double[] rates = solvePrimal(limits, columns.trees());
        certify(limits, columns, rates, n);
        double total = Arrays.stream(rates).sum() * unit;
        List<Bound.Tree> used = new ArrayList<>();
        for (int t = 0; t < rates.length; t++) {
            if (rates[t] * unit > total * IMPROVEMENT) {
                used.add(new Bound.Tree(columns.trees().get(t), rates[t] * unit));
            }
        }
        return new Bound(total, used);
    }

    /**
     * Trees enough for an optimal packing, and an upper bound on its rate.
     *
     * @param upper the least of price·capacity / (cheapest tree's price) over the prices seen: those
     *              prices, divided by the cheapest tree's, are feasible for the full dual, so every
     *              one of them bounds the optimum from above, whatever the solver got wrong
     */
    private record Columns(List<int[]> trees, double upper) {
    }

    private static Columns generate(List<Limit> limits, int n) {
        double[] startPrices = limits.stream().mapToDouble(l -> 1 / room(l)).toArray();
        List<int[]> trees = new ArrayList<>();
        Set<List<Integer>> known = new HashSet<>();
        trees.add(Arborescence.minimumCost(edgeCosts(limits, startPrices, n), ROOT));
        known.add(key(trees.get(0)));
        double upper = Double.POSITIVE_INFINITY;
        double previous = 0;
        for (int solve = 1; ; solve++) {
            if (solve > MAX_SOLVES_PER_CLUSTER * n) {
                throw lostAccuracy(n, "no convergence after " + (solve - 1) + " solves");
            }
            double[] prices = solveDual(limits, trees);
            double value = 0;
            for (int k = 0; k < limits.size(); k++) {
                value += prices[k] * limits.get(k).capacity();
            }
            double[][] cost = edgeCosts(limits, prices, n);
            int[] best = Arborescence.minimumCost(cost, ROOT);
            double cheapest = treeCost(cost, best);
            if (cheapest > 0) {
                upper = Math.min(upper, value / cheapest);
            }
            // more trees never lower the restricted optimum, which never exceeds the full one
            if (value < previous * (1 - ACCURACY) || value > upper * (1 + ACCURACY)) {
                throw lostAccuracy(n, "restricted optimum " + value + " after " + previous + ", bound " + upper);
            }
            previous = value;
            if (1 - cheapest <= IMPROVEMENT || !known.add(key(best))) {
                return new Columns(trees, upper);
            }
            trees.add(best);
            addNeighbours(limits, prices, startPrices, best, trees, known);
        }
    }

    /** Checks that the rates fit every capacity and reach the upper bound: an optimum, proven. */
    private static void certify(List<Limit> limits, Columns columns, double[] rates, int n) {
        for (Limit l : limits) {
            double load = 0;
            for (int t = 0; t < rates.length; t++) {
                load += l.usage(columns.trees().get(t)) * rates[t];
            }
            if (load > l.capacity() * (1 + ACCURACY) + IMPROVEMENT) {
                throw lostAccuracy(n, l + " carries " + load);
            }
        }
        double total = Arrays.stream(rates).sum();
        if (total < columns.upper() * (1 - ACCURACY)) {
            throw lostAccuracy(n, "packing " + total + " below bound " + columns.upper());
        }
    }

    private static IllegalStateException lostAccuracy(int clusters, String detail) {
        return new IllegalStateException("tree-packing program for " + clusters + " clusters: the LP solver lost"
                + " accuracy (" + detail + ", in units of the largest capacity); tested up to 20 clusters");
    }

    /** Every finite capacity a tree can use, in bytes per second. */
    private static List<Limit> finiteLimits(Capacities capacities) {
        int n = capacities.clusterCount();
        List<Limit> limits = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            for (int d = 0; d < n; d++) {
                if (c != d && d != ROOT) {
                    limits.add(new Limit(Kind.PAIR, c, d, capacities.bandwidth()[c][d]));
                }
            }
            limits.add(new Limit(Kind.OUT, c, -1, capacities.clusterOut(c)));
            if (c != ROOT) {
                limits.add(new Limit(Kind.IN, -1, c, capacities.clusterIn(c)));
            }
        }
        return limits.stream().filter(l -> Double.isFinite(l.capacity())).toList();
    }

    /**
     * Adds up to n − 1 more improving trees near the best one. The restricted program's prices are
     * highly degenerate (tc2: most pairs equally tight), so one tree per solve needs hundreds of
     * solves for 12–16 clusters. Instead, a short multiplicative-weights walk from the prices makes
     * the limits the last tree used dearer and prices again, which yields different trees that
     * also improve the program; 20-odd solves then suffice. The start prices are mixed in a little
     * so that limits the program does not price yet can also become dear.
     */
    private static void addNeighbours(List<Limit> limits, double[] prices, double[] startPrices, int[] best,
                                      List<int[]> trees, Set<List<Integer>> known) {
        int n = best.length;
        double[][] cost = edgeCosts(limits, prices, n);
        double[] weights = new double[prices.length];
        for (int k = 0; k < weights.length; k++) {
            weights[k] = prices[k] + TIE_BREAK * startPrices[k];
        }
        int[] last = best;
        int added = 0;
        for (int round = 0; round < WALK_ROUNDS * n && added < n - 1; round++) {
            makeDearer(limits, weights, last);
            last = Arborescence.minimumCost(edgeCosts(limits, weights, n), ROOT);
            if (1 - treeCost(cost, last) > IMPROVEMENT && known.add(key(last))) {
                trees.add(last);
                added++;
            }
        }
    }

    /** Raises the weight of each limit the tree uses by the share of it the tree alone would fill. */
    private static void makeDearer(List<Limit> limits, double[] weights, int[] tree) {
        double rate = Double.POSITIVE_INFINITY;
        for (Limit l : limits) {
            int usage = l.usage(tree);
            if (usage > 0) {
                rate = Math.min(rate, room(l) / usage);
            }
        }
        for (int k = 0; k < weights.length; k++) {
            int usage = limits.get(k).usage(tree);
            if (usage > 0) {
                weights[k] *= 1 + STEP * rate * usage / room(limits.get(k));
            }
        }
    }

    /** The capacity, kept off zero so that it can divide. */
    private static double room(Limit limit) {
        return Math.max(limit.capacity(), IMPROVEMENT);
    }

    private static List<Integer> key(int[] tree) {
        return Arrays.stream(tree).boxed().toList();
    }

    /**
     * A tree whose every edge passes only unlimited capacities (unlimited pair, sender out and
     * receiver in), found by breadth-first search from the root; null if some cluster cannot be
     * reached that way, in which case every tree meets a finite capacity and the program is bounded.
     */
    private static int[] unlimitedTree(Capacities capacities) {
        int n = capacities.clusterCount();
        int[] parents = new int[n];
        Arrays.fill(parents, -2);
        parents[ROOT] = -1;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(ROOT));
        int reached = 1;
        while (!queue.isEmpty()) {
            int c = queue.poll();
            if (Double.isFinite(capacities.clusterOut(c))) {
                continue;
            }
            for (int d = 0; d < n; d++) {
                if (parents[d] == -2 && Double.isInfinite(capacities.bandwidth()[c][d])
                        && Double.isInfinite(capacities.clusterIn(d))) {
                    parents[d] = c;
                    reached++;
                    queue.add(d);
                }
            }
        }
        return reached == n ? parents : null;
    }

    private static double[][] edgeCosts(List<Limit> limits, double[] prices, int n) {
        double[][] cost = new double[n][n];
        for (int k = 0; k < limits.size(); k++) {
            limits.get(k).charge(cost, prices[k]);
        }
        return cost;
    }

    private static double treeCost(double[][] cost, int[] parents) {
        double sum = 0;
        for (int v = 0; v < parents.length; v++) {
            if (parents[v] >= 0) {
                sum += cost[parents[v]][v];
            }
        }
        return sum;
    }

    /** The prices of the capacities: the restricted program's dual, solved as a program of its own. */
    private static double[] solveDual(List<Limit> limits, List<int[]> trees) {
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        List<Variable> y = new ArrayList<>();
        for (Limit l : limits) {
            y.add(model.addVariable().lower(0).weight(l.capacity()));
        }
        for (int[] tree : trees) {
            Expression covered = model.addExpression().lower(1);
            for (int k = 0; k < limits.size(); k++) {
                int usage = limits.get(k).usage(tree);
                if (usage > 0) {
                    covered.set(y.get(k), usage);
                }
            }
        }
        Optimisation.Result result = solved(model.minimise(), "dual");
        return y.stream().mapToDouble(v -> result.doubleValue(model.indexOf(v))).toArray();
    }

    /** The rate of every known tree in an optimal packing of them. */
    private static double[] solvePrimal(List<Limit> limits, List<int[]> trees) {
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        List<Variable> x = new ArrayList<>();
        for (int t = 0; t < trees.size(); t++) {
            x.add(model.addVariable().lower(0).weight(1));
        }
        for (Limit l : limits) {
            Expression load = model.addExpression().upper(l.capacity());
            for (int t = 0; t < trees.size(); t++) {
                int usage = l.usage(trees.get(t));
                if (usage > 0) {
                    load.set(x.get(t), usage);
                }
            }
        }
        Optimisation.Result result = solved(model.maximise(), "primal");
        return x.stream().mapToDouble(v -> Math.max(0, result.doubleValue(model.indexOf(v)))).toArray();
    }

    private static Optimisation.Result solved(Optimisation.Result result, String which) {
        if (!result.getState().isOptimal()) {
            throw new IllegalStateException("tree-packing " + which + " program not solved: " + result.getState());
        }
        return result;
    }
}
