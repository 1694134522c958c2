package io.robber.emulation.toxi;

/**
 * A proxy on the hub of cluster {@code from} for one service ({@code port}) of node {@code rank} of
 * cluster {@code to}: it listens on {@code listenHost:listenPort} and forwards to
 * {@code upstreamHost:port}. Its {@link Toxic#UPSTREAM} direction is the path from {@code from}
 * to {@code to}.
 */
public record WanProxy(String name, int from, int to, int rank, int port, String listenHost, int listenPort,
                       String upstreamHost) {
    public String listen() {
        return listenHost + ":" + listenPort;
    }

    public String upstream() {
        return upstreamHost + ":" + port;
    }
}
