package io.robber.datacast.topology;

/**
 * Torus(n, k) (Datacast §4.1.1, CamCube): n^k servers on a k-dimensional torus of side n > 2, each
 * linked to its two neighbours in every dimension; no switches. Server names are the coordinates,
 * dimension 0 last ({@code 00}, {@code 01}, … in Torus(4,2)).
 *
 * <p>Link {@code server·k + d} joins a server to its neighbour one step up in dimension {@code d},
 * the server first.
 */
public final class Torus extends Topology {
    private final int n;
    private final int k;
    private final Digits coordinates;

    private Torus(int n, int k, LinkProfiles profiles) {
        super(spec(n, k), profiles, builder -> wire(builder, n, k));
        this.n = n;
        this.k = k;
        this.coordinates = Digits.uniform(n, k);
    }

    /** Torus(n, k): n servers per dimension (n > 2), k ≥ 1 dimensions. */
    public static Torus of(int n, int k, LinkProfiles profiles) {
        String spec = spec(n, k);
        Sizes.require(n > 2, spec, "n, the servers per dimension, must be more than 2");
        Sizes.require(k >= 1, spec, "k, the dimensions, must be at least 1");
        Sizes.requireAtMostMaxNodes(spec, Sizes.power(n, k));
        return new Torus(n, k, profiles);
    }

    private static String spec(int n, int k) {
        return "torus:" + n + "," + k;
    }

    private static void wire(NetworkBuilder builder, int n, int k) {
        Digits coordinates = Digits.uniform(n, k);
        for (int s = 0; s < coordinates.count(); s++) {
            builder.server(coordinates.format(coordinates.digits(s)));
        }
        for (int s = 0; s < coordinates.count(); s++) {
            for (int d = 0; d < k; d++) {
                builder.link(s, step(coordinates, n, s, d, 1));
            }
        }
    }

    private static int step(Digits coordinates, int n, int server, int d, int steps) {
        return coordinates.withDigit(server, d, Math.floorMod(coordinates.digit(server, d) + steps, n));
    }

    public int n() {
        return n;
    }

    public int k() {
        return k;
    }

    /** Coordinate {@code d} of a server. */
    public int coordinate(int server, int d) {
        return coordinates.digit(server, d);
    }

    /** The server {@code steps} away from {@code server} along dimension {@code d}, wrapping around. */
    public int step(int server, int d, int steps) {
        return step(coordinates, n, server, d, steps);
    }

    /** The link from {@code server} one step up in dimension {@code d}. */
    public int link(int server, int d) {
        return server * k + d;
    }
}
