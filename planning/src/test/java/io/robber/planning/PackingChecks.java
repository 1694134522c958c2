package io.robber.planning;

import static io.robber.planning.Nets.INF;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Variable;

/** Checks of a tree packing for tests: feasibility, and the paper's program over every tree. */
public final class PackingChecks {
    private PackingChecks() {
    }

    /** The trees' loads stay within every capacity. */
    public static void assertFeasible(Capacities c, Bound b) {
        int n = c.clusterCount();
        double[][] pair = new double[n][n];
        double[] out = new double[n];
        for (Bound.Tree t : b.trees()) {
            for (int d = 1; d < n; d++) {
                pair[t.parent(d)][d] += t.rate();
                out[t.parent(d)] += t.rate();
            }
        }
        for (int x = 0; x < n; x++) {
            assertThat(out[x]).isLessThanOrEqualTo(c.clusterOut(x) * (1 + 1e-7));
            if (x > 0) {
                assertThat(b.rate()).isLessThanOrEqualTo(c.clusterIn(x) * (1 + 1e-7));
            }
            for (int d = 0; d < n; d++) {
                assertThat(pair[x][d]).isLessThanOrEqualTo(c.bandwidth()[x][d] * (1 + 1e-7));
            }
        }
    }

    /** The paper's program: every tree a column, solved at once. */
    public static double packAll(Capacities c, List<int[]> trees) {
        int n = c.clusterCount();
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        List<Variable> x = new ArrayList<>();
        for (int t = 0; t < trees.size(); t++) {
            x.add(model.addVariable().lower(0).weight(1));
        }
        for (int cluster = 0; cluster < n; cluster++) {
            int a = cluster;
            Expression out = model.addExpression().upper(finiteOr(c.clusterOut(a)));
            Expression in = model.addExpression().upper(finiteOr(a == 0 ? INF : c.clusterIn(a)));
            for (int t = 0; t < trees.size(); t++) {
                int[] p = trees.get(t);
                out.set(x.get(t), (int) Arrays.stream(p).filter(v -> v == a).count());
                in.set(x.get(t), a == 0 ? 0 : 1);
            }
            for (int d = 1; d < n; d++) {
                if (d != a) {
                    Expression pair = model.addExpression().upper(finiteOr(c.bandwidth()[a][d]));
                    for (int t = 0; t < trees.size(); t++) {
                        pair.set(x.get(t), trees.get(t)[d] == a ? 1 : 0);
                    }
                }
            }
        }
        return model.maximise().getValue();
    }

    /** A stand-in for +∞ far above every capacity in these cases. */
    private static double finiteOr(double capacity) {
        return Double.isFinite(capacity) ? capacity : 1e12;
    }
}
