package io.robber.datacast.topology;

/**
 * BCube(n, k) (Guo et al., SIGCOMM 2009; Datacast §4.1.1): n^(k+1) servers with k+1 ports each, and
 * k+1 levels of n^k n-port switches. Server {@code a_k…a_0} connects at level {@code l} to switch
 * {@code <l, a_k…a_(l+1) a_(l-1)…a_0>}, which joins the n servers differing only in digit l. Server
 * {@code 02} of BCube(4,1) hangs under switches {@code <0,0>} and {@code <1,2>}.
 *
 * <p>Link {@code server·(k+1) + l} joins a server to its level-l switch, server first.
 */
public final class BCube implements Topology {
    private final int n;
    private final int k;
    private final LinkProfiles profiles;
    private final Digits serverDigits;
    private final Digits switchDigits;
    private final int[] power;
    private final Network network;

    private BCube(int n, int k, LinkProfiles profiles) {
        this.n = n;
        this.k = k;
        this.profiles = profiles;
        this.power = new int[k + 2];
        power[0] = 1;
        for (int i = 1; i < power.length; i++) {
            power[i] = power[i - 1] * n;
        }
        this.serverDigits = Digits.uniform(n, k + 1);
        this.switchDigits = Digits.uniform(n, k);
        this.network = build();
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

    private Network build() {
        NetworkBuilder builder = new NetworkBuilder(profiles);
        for (int s = 0; s < serverDigits.count(); s++) {
            builder.server(serverDigits.format(serverDigits.digits(s)));
        }
        for (int level = 0; level <= k; level++) {
            for (int w = 0; w < switchDigits.count(); w++) {
                String address = k == 0 ? "" : "," + switchDigits.format(switchDigits.digits(w));
                builder.switchNode("<" + level + address + ">");
            }
        }
        for (int s = 0; s < serverDigits.count(); s++) {
            for (int level = 0; level <= k; level++) {
                builder.link(s, switchAt(level, s));
            }
        }
        return builder.build();
    }

    public int n() {
        return n;
    }

    public int k() {
        return k;
    }

    /** The server with these digits ({@code digits[l]} is a_l). */
    public int server(int[] digits) {
        return serverDigits.index(digits);
    }

    /** The digits a_0…a_k of a server. */
    public int[] digits(int server) {
        return serverDigits.digits(server);
    }

    /** Digit a_d of a server. */
    public int digit(int server, int d) {
        return server / power[d] % n;
    }

    /** The server whose digits are those of {@code server} but a_d = {@code value}. */
    public int withDigit(int server, int d, int value) {
        return server + (value - digit(server, d)) * power[d];
    }

    /** The node index of the level-{@code level} switch above {@code server}. */
    public int switchAt(int level, int server) {
        int address = server / power[level + 1] * power[level] + server % power[level];
        return power[k + 1] + level * power[k] + address;
    }

    /** The link between {@code server} and its level-{@code level} switch. */
    public int link(int server, int level) {
        return server * (k + 1) + level;
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
