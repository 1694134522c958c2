package io.robber.datacast.topology;

import java.util.Arrays;

/**
 * Fattree(n, k) (Datacast §4.1.1): k layers of n-port switches, built as the m-port n-tree of Lin,
 * Chung and Huang (IPDPS 2004), the k-layer generalisation of Al-Fares et al.'s fat tree:
 * 2(n/2)^k servers, 2(n/2)^(k−1) switches in each layer but the top one, (n/2)^(k−1) at the top.
 * Fattree(24,3) has 3,456 servers and 720 switches, Fattree(4,3) 16 servers (the paper's Fig. 4).
 *
 * <p>A layer-l switch ({@code l} = 0 at the top) is named {@code <l,w_(k−2)…w_0>} (w_0 below n at
 * layers l ≥ 1, every other digit below n/2); it links down to the layer-(l+1) switches whose
 * address differs at most in digit l. A bottom switch {@code <k−1,w>} links to the n/2 servers
 * {@code p w_(k−2)…w_0} (server names: the k digits, p_0 = w_0 last).
 */
public final class Fattree extends Topology implements Layered {
    private final int n;
    private final int k;
    private final int serverCount;
    private final int topCount;
    private final int lowerCount;

    private Fattree(int n, int k, LinkProfiles profiles, Layout layout) {
        super(spec(n, k), profiles, layout::wire);
        this.n = n;
        this.k = k;
        this.serverCount = layout.servers.count();
        this.topCount = layout.top.count();
        this.lowerCount = layout.lower.count();
    }

    /** Fattree(n, k): n-port switches (n even, at least 2), k ≥ 1 layers. */
    public static Fattree of(int n, int k, LinkProfiles profiles) {
        String spec = spec(n, k);
        Sizes.require(n >= 2 && n % 2 == 0, spec, "n, the switch ports, must be even and at least 2");
        Sizes.require(k >= 1, spec, "k, the switch layers, must be at least 1");
        Sizes.requireAtMostMaxNodes(spec, 2 * Sizes.power(n / 2, k) + (2L * k - 1) * Sizes.power(n / 2, k - 1));
        return new Fattree(n, k, profiles, new Layout(n, k));
    }

    private static String spec(int n, int k) {
        return "fattree:" + n + "," + k;
    }

    /** The addresses of the servers, the top switches and the switches of each lower layer. */
    private static final class Layout {
        final int k;
        final Digits servers;
        final Digits top;
        final Digits lower;

        Layout(int n, int k) {
            this.k = k;
            int[] serverRadix = new int[k];
            int[] switchRadix = new int[k - 1];
            Arrays.fill(serverRadix, n / 2);
            Arrays.fill(switchRadix, n / 2);
            serverRadix[0] = n;
            this.servers = new Digits(serverRadix);
            this.top = new Digits(switchRadix);
            if (k > 1) {
                switchRadix[0] = n;
            }
            this.lower = new Digits(switchRadix);
        }

        Digits layer(int layer) {
            return layer == 0 ? top : lower;
        }

        int switchAt(int layer, int w) {
            return layer == 0 ? servers.count() + w : servers.count() + top.count() + (layer - 1) * lower.count() + w;
        }

        void wire(NetworkBuilder builder) {
            for (int s = 0; s < servers.count(); s++) {
                builder.server(servers.format(servers.digits(s)));
            }
            for (int layer = 0; layer < k; layer++) {
                Digits digits = layer(layer);
                for (int w = 0; w < digits.count(); w++) {
                    builder.switchNode("<" + layer + (k > 1 ? "," : "") + digits.format(digits.digits(w)) + ">");
                }
            }
            for (int layer = 0; layer + 1 < k; layer++) {
                for (int w = 0; w < layer(layer).count(); w++) {
                    int[] below = layer(layer).digits(w);
                    for (int x = 0; x < lower.radix(layer); x++) {
                        below[layer] = x;
                        builder.link(switchAt(layer, w), switchAt(layer + 1, lower.index(below)));
                    }
                }
            }
            Digits bottom = layer(k - 1);
            for (int w = 0; w < bottom.count(); w++) {
                int[] server = Arrays.copyOf(bottom.digits(w), k);
                for (int p = 0; p < servers.radix(k - 1); p++) {
                    server[k - 1] = p;
                    builder.link(switchAt(k - 1, w), servers.index(server));
                }
            }
        }
    }

    public int n() {
        return n;
    }

    public int k() {
        return k;
    }

    @Override
    public int tier(int v) {
        if (v < serverCount) {
            return k;
        }
        return v < serverCount + topCount ? 0 : 1 + (v - serverCount - topCount) / lowerCount;
    }
}
