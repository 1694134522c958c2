package io.robber.rendezvous.control;

/**
 * A receiver the coordinator accepted.
 *
 * @param remote the address its control connection came from, for messages
 */
public record Registration(String id, String cluster, String host, int port, String remote) {
    public String dataAddress() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
