package io.robber.engine;

import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** Finds protocols by name through {@link ServiceLoader}. */
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
}
