package io.robber.wire;

/**
 * A frame with no payload that a node sends on a connection it has written nothing on for a while,
 * so that its peer can tell a quiet neighbour from a frozen one: a connection on which nothing at
 * all arrives for the failure timeout belongs to a member that is declared dead. It belongs to no
 * operation and is never handed to an engine.
 */
public enum KeepAlive {
    INSTANCE
}
