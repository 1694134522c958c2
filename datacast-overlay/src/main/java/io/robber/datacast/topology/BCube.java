package io.robber.datacast.topology;

/**
 * BCube(n, k) (Guo et al., SIGCOMM 2009; Datacast §4.1.1): n^(k+1) servers with k+1 ports each, and
 * k+1 levels of n^k n-port switches. Server {@code a_k…a_0} connects at level {@code l} to switch
 * {@code <l, a_k…a_(l+1) a_(l-1)…a_0>}, which joins the n servers differing only in digit l. Server
 * {@code 02} of BCube(4,1) hangs under switches {@code <0,0>} and {@code <1,2>}.
 *
 * <p>Link {@code server·(k+1) + l} joins a server to its level-l switch, server first.
 */
public final class BCube extends Topology {
    private final int n;
    private final int k;
    private final Digits servers;

    private BCube(int n, int k, LinkProfiles profiles) {
        super(spec(n, k), profiles, builder -> wire(builder, n, k));
        this.n = n;
        this.k = k;
        this.servers = Digits.uniform(n, k + 1);
    }

    /** BCube(n, k): n-port switches, k+1 levels; n ≥ 2, k ≥ 0. */
    public static BCube of(int n, int k, LinkProfiles profiles) {
        String spec = spec(n, k);
        Sizes.require(n >= 2, spec, "n, the switch ports, must be at least 2");
        Sizes.require(k >= 0, spec, "k, the highest level, must be at least 0");
        Sizes.requireAtMostMaxNodes(spec, Sizes.power(n, k + 1) + (k + 1) * Sizes.power(n, k));
        return new BCube(n, k, profiles);
    }

    private static String spec(int n, int k) {
        return "bcube:" + n + "," + k;
    }

    private static void wire(NetworkBuilder builder, int n, int k) {
        Digits servers = Digits.uniform(n, k + 1);
        Digits switches = Digits.uniform(n, k);
        for (int s = 0; s < servers.count(); s++) {
            builder.server(servers.format(servers.digits(s)));
        }
        for (int level = 0; level <= k; level++) {
            for (int w = 0; w < switches.count(); w++) {
                String address = k == 0 ? "" : "," + switches.format(switches.digits(w));
                builder.switchNode("<" + level + address + ">");
            }
        }
        for (int s = 0; s < servers.count(); s++) {
            for (int level = 0; level <= k; level++) {
                builder.link(s, switchAt(servers, switches.count(), level, s));
            }
        }
    }

    private static int switchAt(Digits servers, int switchesPerLevel, int level, int server) {
        return servers.count() + level * switchesPerLevel + servers.without(server, level);
    }

    public int n() {
        return n;
    }

    public int k() {
        return k;
    }

    /** The digits a_0…a_k of a server. */
    public int[] digits(int server) {
        return servers.digits(server);
    }

    /** Digit a_d of a server. */
    public int digit(int server, int d) {
        return servers.digit(server, d);
    }

    /** The server whose digits are those of {@code server} but a_d = {@code value}. */
    public int withDigit(int server, int d, int value) {
        return servers.withDigit(server, d, value);
    }

    /** The node index of the level-{@code level} switch above {@code server}. */
    public int switchAt(int level, int server) {
        return switchAt(servers, servers.count() / n, level, server);
    }

    /** The link between {@code server} and its level-{@code level} switch. */
    public int link(int server, int level) {
        return server * (k + 1) + level;
    }
}
