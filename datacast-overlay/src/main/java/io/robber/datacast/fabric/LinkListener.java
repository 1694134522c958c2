package io.robber.datacast.fabric;

/** Told when a link of the fabric goes down or comes back up: a fabric manager's view of failures. */
@FunctionalInterface
public interface LinkListener {
    void linkChanged(int link, boolean up);
}
