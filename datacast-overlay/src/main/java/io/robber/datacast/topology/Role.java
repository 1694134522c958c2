package io.robber.datacast.topology;

/** What a node of a data-center network is: a server (a host, a group member) or a switch. */
public enum Role {
    SERVER,
    SWITCH
}
