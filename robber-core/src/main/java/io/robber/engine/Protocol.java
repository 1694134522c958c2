package io.robber.engine;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import java.util.List;

/**
 * A multicast protocol, found by name through {@link java.util.ServiceLoader}. Adding a protocol is
 * adding a module that provides this service.
 */
public interface Protocol {

    /** The name users select it by, e.g. {@code robber}. */
    String name();

    /**
     * Plans {@code group}: validates {@code options} and builds what every operation of a channel over
     * the group uses.
     *
     * @throws IllegalArgumentException naming the bad option and the valid ones, in one line
     */
    ProtocolPlan plan(Group group, ProtocolOptions options);

    /**
     * The string options {@link #plan} reads from {@link ProtocolOptions#extra()}: a key that no protocol
     * on the class path names here is refused ({@link KnownOptions}), so a misspelt prefix never
     * silently runs with defaults. None by default.
     */
    default List<OptionNames> optionNames() {
        return List.of();
    }
}
