package io.robber.emulation.tc;

import io.robber.emulation.model.Network;
import io.robber.emulation.model.NetworkModel;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Small custom scenarios for tests. */
final class Models {
    private Models() {
    }

    static Network read(String json) {
        try {
            return NetworkModel.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8))).resolve();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
