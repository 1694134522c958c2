package io.robber.emulation.tc;

import io.robber.emulation.model.Network;
import io.robber.emulation.model.NetworkModel;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Small custom scenarios for tests. */
final class Models {
    private Models() {
    }

    static Network read(String json) {
        try {
            return NetworkModel.parse(json).resolve();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
