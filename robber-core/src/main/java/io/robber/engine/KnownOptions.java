package io.robber.engine;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The string options some reader takes ({@link OptionNames}): those of the protocols on the class
 * path ({@link Protocol#optionNames()}) and any more a caller reads itself. A key of
 * {@link io.robber.api.ProtocolOptions#extra()} that none of them knows is refused, naming the key
 * and what exists, so {@code robber.nonsense} or a misspelt {@code bittorent.peers} never silently
 * runs with defaults.
 */
public final class KnownOptions {
    private final List<OptionNames> known;

    private KnownOptions(List<OptionNames> known) {
        this.known = List.copyOf(known);
    }

    /** The options of every protocol on the class path. */
    public static KnownOptions onClassPath() {
        return new KnownOptions(Protocols.available().values().stream()
                .flatMap(protocol -> protocol.optionNames().stream()).distinct().toList());
    }

    /** These and {@code more}. */
    public KnownOptions and(Collection<OptionNames> more) {
        return new KnownOptions(Stream.concat(known.stream(), more.stream()).distinct().toList());
    }

    /**
     * Fails on the first key of {@code extra} (in sorted order) that no reader knows.
     *
     * @throws IllegalArgumentException naming the key and, if its prefix is taken, the options under
     *                                  it, else the prefixes that exist, in one line
     */
    public void check(Map<String, String> extra) {
        for (String key : new TreeSet<>(extra.keySet())) {
            if (known.stream().noneMatch(names -> names.knows(key))) {
                throw new IllegalArgumentException(unknown(key));
            }
        }
    }

    private String unknown(String key) {
        List<OptionNames> covering = known.stream().filter(names -> names.covers(key)).toList();
        if (!covering.isEmpty()) {
            return "unknown option " + key + "; "
                    + covering.stream().map(OptionNames::describe).collect(Collectors.joining("; "));
        }
        int dot = key.indexOf('.');
        String taken = dot < 0 ? "takes it" : "takes options under '" + key.substring(0, dot + 1) + "'";
        return "unknown option " + key + ": no protocol on the class path " + taken + "; " + existing();
    }

    /** E.g. {@code known prefixes: bittorrent., exchange.; options without a prefix: monitoring}. */
    private String existing() {
        TreeSet<String> prefixes = new TreeSet<>();
        TreeSet<String> alone = new TreeSet<>();
        for (OptionNames names : known) {
            if (names.prefix().isEmpty()) {
                alone.addAll(names.names());
            } else {
                prefixes.add(names.prefix());
            }
        }
        String existing = "known prefixes: " + (prefixes.isEmpty() ? "none" : String.join(", ", prefixes));
        return alone.isEmpty() ? existing : existing + "; options without a prefix: " + String.join(", ", alone);
    }
}
