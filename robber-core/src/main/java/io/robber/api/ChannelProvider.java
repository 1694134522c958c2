package io.robber.api;

/**
 * The service behind {@link MulticastChannel#open}: a transport that opens channels. It is found
 * through {@link java.util.ServiceLoader}, so {@code io.robber.api} knows no transport; the Netty
 * transport of {@code robber-core} registers one in {@code META-INF/services}.
 */
public interface ChannelProvider {

    /** Opens this node's channel with the transport's default tuning. */
    MulticastChannel open(ChannelConfig config);
}
