package io.robber.datacast.multicast;

/**
 * What a multicast packet carries: the group, the version of the group's tree it was sent on (each
 * installed tree gets a new one) and the protocol's message.
 */
public record TreeFrame(int group, int version, Object payload) {
}
