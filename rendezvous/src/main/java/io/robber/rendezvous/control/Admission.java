package io.robber.rendezvous.control;

import java.util.Collection;
import java.util.Optional;

/** Decides whether a coordinator accepts a registration: rendezvous rules or a static group file. */
@FunctionalInterface
public interface Admission {

    /** Why {@code candidate} cannot join next to {@code accepted}, or empty when it can. */
    Optional<String> conflict(ControlMessage.Register candidate, Collection<Registration> accepted);

    /** Rendezvous: ids and data addresses must be distinct. */
    Admission DISTINCT = (candidate, accepted) -> {
        for (Registration r : accepted) {
            if (r.id().equals(candidate.id())) {
                return Optional.of("id '" + candidate.id() + "' is already registered (from " + r.remote()
                        + "): give each receiver a distinct --id");
            }
            if (r.host().equals(candidate.host()) && r.port() == candidate.port()) {
                return Optional.of("data address " + r.dataAddress() + " is already registered by " + r.id()
                        + ": give each receiver its own --listen address or port");
            }
        }
        return Optional.empty();
    };
}
