package io.robber.engine;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The string options one reader takes from {@link io.robber.api.ProtocolOptions#extra()}: the
 * {@code names} under {@code prefix} (e.g. {@code bittorrent.} and {@code variant}), declared once
 * where the reader validates them ({@link StringOptions#under}) and named by its protocol
 * ({@link Protocol#optionNames()}) so that {@link KnownOptions} can refuse a key no reader takes.
 *
 * @param owner  who reads them, as messages name it
 * @param prefix what every key starts with; empty for keys that stand alone, which then are exactly
 *               {@code names} and claim no other key
 * @param names  the keys without the prefix
 */
public record OptionNames(String owner, String prefix, Set<String> names) {
    public OptionNames {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(prefix, "prefix");
        names = Set.copyOf(names);
    }

    /** Whether {@code key} is under this prefix, known or not (never for an empty prefix). */
    public boolean covers(String key) {
        return !prefix.isEmpty() && key.startsWith(prefix);
    }

    /** Whether {@code key} is one of these options. */
    public boolean knows(String key) {
        return key.startsWith(prefix) && names.contains(key.substring(prefix.length()));
    }

    /** The full keys, sorted. */
    public List<String> keys() {
        return names.stream().map(name -> prefix + name).sorted().toList();
    }

    /** E.g. {@code bittorrent knows [bittorrent.block-pieces, ...]}. */
    public String describe() {
        return owner + " knows " + keys();
    }
}
