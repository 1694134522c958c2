package io.robber.it;

import io.robber.api.ChannelConfig;
import java.util.Map;
import java.util.function.UnaryOperator;

/** A channel configuration with protocol options added, for {@code LoopbackGroup.open}. */
final class ProtocolExtras {
    private ProtocolExtras() {
    }

    static UnaryOperator<ChannelConfig> with(Map<String, String> extra) {
        return config -> {
            var options = config.options();
            for (var e : extra.entrySet()) {
                options = options.with(e.getKey(), e.getValue());
            }
            return config.withOptions(options);
        };
    }
}
