package io.robber.datacast.topology;

/**
 * Fattree(n, k) (Datacast §4.1.1): k layers of n-port switches, built as the m-port n-tree of Lin,
 * Chung and Huang (IPDPS 2004), the k-layer generalisation of Al-Fares et al.'s fat tree:
 * 2(n/2)^k servers, 2(n/2)^(k−1) switches in each layer but the top one, (n/2)^(k−1) at the top.
 * Fattree(24,3) has 3,456 servers and 720 switches, Fattree(4,3) 16 servers (the paper's Fig. 4).
 *
 * <p>A layer-l switch ({@code l} = 0 at the top) is named {@code <l,w_0…w_(k−2)>} (digit w_0 printed
 * last, below n at layers l ≥ 1 and below n/2 elsewhere); it links down to the layer-(l+1) switches
 * whose address differs at most in digit l. A bottom switch {@code <k−1,w>} links to the n/2 servers
 * {@code w_0…w_(k−2) p} (server names: the k digits p_0…p_(k−1), p_0 last).
 */
public final class Fattree implements Topology, Layered {
    private final int n;
    private final int k;
    private final LinkProfiles profiles;
    private final Digits servers;
    private final Digits top;
    private final Digits lower;
    private final int[] tier;
    private final Network network;

    private Fattree(int n, int k, LinkProfiles profiles) {
        this.n = n;
        this.k = k;
        this.profiles = profiles;
        int[] serverRadix = new int[k];
        int[] topRadix = new int[k - 1];
        int[] lowerRadix = new int[k - 1];
        java.util.Arrays.fill(serverRadix, n / 2);
        java.util.Arrays.fill(topRadix, n / 2);
        java.util.Arrays.fill(lowerRadix, n / 2);
        serverRadix[0] = n;
        if (k > 1) {
            lowerRadix[0] = n;
        }
        this.servers = new Digits(serverRadix);
        this.top = new Digits(topRadix);
        this.lower = new Digits(lowerRadix);
        this.tier = new int[servers.count() + top.count() + (k - 1) * lower.count()];
        this.network = build();
    }

    /** Fattree(n, k): n-port switches (n even, at least 2), k ≥ 1 layers. */
    public static Fattree of(int n, int k, LinkProfiles profiles) {
        String spec = spec(n, k);
        Sizes.require(n >= 2 && n % 2 == 0, spec, "n, the switch ports, must be even and at least 2");
        Sizes.require(k >= 1, spec, "k, the switch layers, must be at least 1");
        Sizes.requireAtMostMaxNodes(spec, 2 * Sizes.power(n / 2, k) + (2L * k - 1) * Sizes.power(n / 2, k - 1));
        return new Fattree(n, k, profiles);
    }

    private static String spec(int n, int k) {
        return "fattree:" + n + "," + k;
    }

    private Network build() {
        NetworkBuilder builder = new NetworkBuilder(profiles);
        for (int s = 0; s < servers.count(); s++) {
            builder.server(servers.format(servers.digits(s)));
            tier[s] = k;
        }
        for (int layer = 0; layer < k; layer++) {
            Digits digits = digits(layer);
            for (int w = 0; w < digits.count(); w++) {
                Node node = builder.switchNode("<" + layer + (k > 1 ? "," : "") + digits.format(digits.digits(w)) + ">");
                tier[node.index()] = layer;
            }
        }
        for (int layer = 0; layer + 1 < k; layer++) {
            Digits digits = digits(layer);
            for (int w = 0; w < digits.count(); w++) {
                int[] below = digits.digits(w);
                for (int x = 0; x < lower.radix(layer); x++) {
                    below[layer] = x;
                    builder.link(switchAt(layer, w), switchAt(layer + 1, lower.index(below)));
                }
            }
        }
        Digits bottom = digits(k - 1);
        for (int w = 0; w < bottom.count(); w++) {
            int[] address = bottom.digits(w);
            int[] server = new int[k];
            System.arraycopy(address, 0, server, 0, k - 1);
            for (int p = 0; p < servers.radix(k - 1); p++) {
                server[k - 1] = p;
                builder.link(switchAt(k - 1, w), servers.index(server));
            }
        }
        return builder.build();
    }

    private Digits digits(int layer) {
        return layer == 0 ? top : lower;
    }

    /** The node index of the switch with address index {@code w} in {@code layer}. */
    private int switchAt(int layer, int w) {
        return layer == 0 ? servers.count() + w : servers.count() + top.count() + (layer - 1) * lower.count() + w;
    }

    public int n() {
        return n;
    }

    public int k() {
        return k;
    }

    @Override
    public int tier(int v) {
        return tier[v];
    }

    @Override
    public String spec() {
        return spec(n, k);
    }

    @Override
    public Network network() {
        return network;
    }

    @Override
    public LinkProfiles linkProfiles() {
        return profiles;
    }
}
