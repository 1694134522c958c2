package io.robber.datacast.multicast;

/** The one-arc route of each arc, allocated once and shared by every copy a node replicates onto it. */
final class SingleArcRoutes {
    private final int[][] routes;

    SingleArcRoutes(int arcCount) {
        this.routes = new int[arcCount][];
    }

    int[] of(int arc) {
        int[] route = routes[arc];
        if (route == null) {
            route = new int[] {arc};
            routes[arc] = route;
        }
        return route;
    }
}
