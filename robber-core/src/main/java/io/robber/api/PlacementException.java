package io.robber.api;

/**
 * The initial placement of pieces cannot be delivered by the chosen protocol — for Robber and MOB,
 * no collective holds all data between its members (§3.3.2, Definition 1), so the multicast could
 * deadlock. Raised on every node instead of a hang.
 */
public class PlacementException extends ProtocolException {
    public PlacementException(String message) {
        super(message);
    }
}
