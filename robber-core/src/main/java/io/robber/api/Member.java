package io.robber.api;

import java.net.InetSocketAddress;
import java.util.Objects;

/**
 * One member of a {@link Group}: a stable id, the name of the cluster it lives in, and the address
 * its node listens on.
 */
public record Member(String id, String cluster, InetSocketAddress address) {
    public Member {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(address, "address");
        if (id.isBlank()) {
            throw new IllegalArgumentException("member id must not be blank");
        }
        if (cluster.isBlank()) {
            throw new IllegalArgumentException("cluster name of member " + id + " must not be blank");
        }
    }

    public static Member of(String id, String cluster, String host, int port) {
        return new Member(id, cluster, new InetSocketAddress(host, port));
    }
}
