package io.robber.emulation.runner;

import io.robber.api.ChannelMeters;
import io.robber.api.ChannelMeters.Scope;

/** Payload bytes of one direction, split by scope: within the cluster ({@code local}) or across clusters. */
public record Traffic(long local, long global) {

    static Traffic in(ChannelMeters meters) {
        return new Traffic(Math.round(meters.bytesIn(Scope.LOCAL)), Math.round(meters.bytesIn(Scope.GLOBAL)));
    }

    static Traffic out(ChannelMeters meters) {
        return new Traffic(Math.round(meters.bytesOut(Scope.LOCAL)), Math.round(meters.bytesOut(Scope.GLOBAL)));
    }
}
