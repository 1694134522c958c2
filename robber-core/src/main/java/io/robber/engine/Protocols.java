package io.robber.engine;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** Finds protocols by name through {@link ServiceLoader}, and plans groups with them. */
public final class Protocols {
    private Protocols() {
    }

    public static Protocol byName(String name) {
        Map<String, Protocol> all = available();
        Protocol protocol = all.get(name);
        if (protocol == null) {
            throw new IllegalArgumentException("unknown protocol '" + name + "'; available: " + String.join(", ", all.keySet()));
        }
        return protocol;
    }

    /** Every protocol on the class path, by name. */
    public static Map<String, Protocol> available() {
        Map<String, Protocol> all = new TreeMap<>();
        for (Protocol p : ServiceLoader.load(Protocol.class)) {
            all.put(p.name(), p);
        }
        return all;
    }

    /**
     * Plans {@code group} with {@code protocol}: every key of {@code options}' {@link ProtocolOptions#extra()}
     * must be one that {@code protocol} or another protocol on the class path reads ({@link KnownOptions}),
     * then the protocol validates its own.
     *
     * @throws IllegalArgumentException naming the bad option and the valid ones, in one line
     */
    public static ProtocolPlan plan(Protocol protocol, Group group, ProtocolOptions options) {
        if (!options.extra().isEmpty()) {
            KnownOptions.onClassPath().and(protocol.optionNames()).check(options.extra());
        }
        return protocol.plan(group, options);
    }
}
