package io.robber.datacast.mctcp;

/**
 * MCTCP's two ways to route a multicast tree (§3.2.3): MCTCP-S, shortest paths by link weight and
 * the minimum-cost path heuristic (SP-MPH), adjusted when the tree's cost drops by at least C_thr;
 * MCTCP-W, shortest widest paths (links with less than B_a available weigh ten times more) and the
 * widest-path heuristic (SWP-WMPH), adjusted when the new tree is wider than the group's rate by α.
 */
public enum Routing {
    SHORTEST_PATH,
    SHORTEST_WIDEST_PATH
}
