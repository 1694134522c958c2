package io.robber.emulation.runner;

import io.robber.metrics.RobberMeters;
import io.robber.metrics.RobberMeters.Scope;

/** Payload bytes of one direction, split by scope: within the cluster ({@code local}) or across clusters. */
public record Traffic(long local, long global) {

    static Traffic in(RobberMeters meters) {
        return new Traffic(Math.round(meters.bytesIn(Scope.LOCAL)), Math.round(meters.bytesIn(Scope.GLOBAL)));
    }

    static Traffic out(RobberMeters meters) {
        return new Traffic(Math.round(meters.bytesOut(Scope.LOCAL)), Math.round(meters.bytesOut(Scope.GLOBAL)));
    }
}
