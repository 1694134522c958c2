package io.robber.rendezvous;

/**
 * A configuration that cannot work: a path that does not exist, an address in use, a wrong or missing
 * secret, another version of the control protocol, an output directory that is not writable...
 */
public final class ConfigurationException extends RendezvousException {
    public ConfigurationException(String message) {
        super(message, null);
    }
}
