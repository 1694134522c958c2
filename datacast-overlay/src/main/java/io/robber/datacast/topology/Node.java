package io.robber.datacast.topology;

/**
 * A server or switch of a {@link Network}. The index is stable (servers first, from 0) and the name
 * is the topology's address for it, e.g. server {@code 02} or switch {@code <0,0>} of a BCube.
 */
public record Node(int index, String name, Role role) {
    public boolean isServer() {
        return role == Role.SERVER;
    }

    @Override
    public String toString() {
        return name;
    }
}
