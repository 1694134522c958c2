package io.robber.emulation.inprocess;

import io.robber.emulation.model.Network;
import io.robber.emulation.model.NetworkModel;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Small custom scenarios for tests. */
final class Models {
    private Models() {
    }

    /** Clusters A and B of {@code nodes} each; {@code wan} and {@code schedule} are JSON of the model's fields. */
    static Network twoClusters(int nodes, String wan, String schedule) {
        String json = """
                {"name": "test", "dataSize": "2MB",
                 "clusters": [{"name": "A", "nodes": %d}, {"name": "B", "nodes": %d}],
                 "wan": %s, "schedule": %s}""".formatted(nodes, nodes, wan, schedule);
        return read(json);
    }

    static Network read(String json) {
        try {
            return NetworkModel.parse(json).resolve();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Network twoClusters(int nodes, String wan) {
        return twoClusters(nodes, wan, "[]");
    }
}
