package io.robber.api;

import java.util.List;
import java.util.ServiceLoader;

/** Finds the one {@link ChannelProvider} on the class path. */
final class ChannelProviders {
    private static volatile ChannelProvider found;

    private ChannelProviders() {
    }

    static ChannelProvider provider() {
        ChannelProvider provider = found;
        if (provider == null) {
            provider = choose(ServiceLoader.load(ChannelProvider.class).stream().map(ServiceLoader.Provider::get).toList());
            found = provider;
        }
        return provider;
    }

    /** The only provider of {@code providers}; none or several are a configuration error. */
    static ChannelProvider choose(List<ChannelProvider> providers) {
        if (providers.isEmpty()) {
            throw new IllegalStateException("no transport on the class path: add robber-core (or another module that "
                    + "provides " + ChannelProvider.class.getName() + ") to open a MulticastChannel");
        }
        if (providers.size() > 1) {
            throw new IllegalStateException("more than one transport on the class path ("
                    + String.join(", ", providers.stream().map(p -> p.getClass().getName()).toList())
                    + "); keep one, or open channels through that transport's own entry point");
        }
        return providers.get(0);
    }
}
