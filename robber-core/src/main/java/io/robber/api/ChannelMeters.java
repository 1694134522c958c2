package io.robber.api;

import java.util.Locale;

/**
 * What a node's channel has counted so far: payload traffic by scope and the work it stole. The
 * same counts are Micrometer meters named {@code robber.*} in the registry of the {@link ChannelConfig}.
 */
public interface ChannelMeters {

    /** Where the peer of some traffic is: in this node's cluster, or in another one. */
    enum Scope {
        LOCAL, GLOBAL;

        /** The value of the {@code scope} tag. */
        public String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Payload bytes received from peers of {@code scope}. */
    double bytesIn(Scope scope);

    /** Payload bytes sent to peers of {@code scope}. */
    double bytesOut(Scope scope);

    /** Pieces received from peers of {@code scope}. */
    double piecesIn(Scope scope);

    /** Steal messages sent. */
    double stealsTried();

    /** Pieces of work obtained by stealing. */
    double piecesStolen();
}
