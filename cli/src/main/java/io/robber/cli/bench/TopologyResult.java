package io.robber.cli.bench;

import io.robber.datacast.bench.TopologyRun;
import io.robber.datacast.timeline.Timeline;

/** One run of {@code bench --topology} and the rates it recorded over time, or null where it recorded none. */
record TopologyResult(TopologyRun run, Timeline timeline) {
}
