package io.robber.datacast.topology;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The profile of every link of a network: one default, and overrides for single links named by
 * their two ends (in either order), e.g. the slow link {@code <0,0>—02} of the paper's Table 1.
 */
public final class LinkProfiles {
    /** Every link the paper's default, {@link LinkProfile#DEFAULT}. */
    public static final LinkProfiles DEFAULT = new LinkProfiles(LinkProfile.DEFAULT, Map.of());

    private final LinkProfile standard;
    private final Map<Ends, LinkProfile> overrides;

    private LinkProfiles(LinkProfile standard, Map<Ends, LinkProfile> overrides) {
        this.standard = Objects.requireNonNull(standard);
        this.overrides = Collections.unmodifiableMap(new LinkedHashMap<>(overrides));
    }

    /** Every link with this profile. */
    public static LinkProfiles uniform(LinkProfile profile) {
        return new LinkProfiles(profile, Map.of());
    }

    /** These profiles, with the link between {@code a} and {@code b} given its own. */
    public LinkProfiles with(String a, String b, LinkProfile profile) {
        Map<Ends, LinkProfile> more = new LinkedHashMap<>(overrides);
        more.put(Ends.of(a, b), profile);
        return new LinkProfiles(standard, more);
    }

    /**
     * These profiles time-scaled so that the standard link runs at {@code bitsPerSecond}: every link
     * keeps its ratio to the standard one, and delays shrink as rates grow ({@link LinkProfile#timeScaled}).
     */
    public LinkProfiles scaledTo(long bitsPerSecond) {
        double factor = (double) bitsPerSecond / standard.capacityBitsPerSecond();
        Map<Ends, LinkProfile> scaled = new LinkedHashMap<>();
        overrides.forEach((ends, profile) -> scaled.put(ends, profile.timeScaled(factor)));
        return new LinkProfiles(standard.timeScaled(factor), scaled);
    }

    public LinkProfile standard() {
        return standard;
    }

    /** The overridden links, in the order they were given. */
    public List<LinkOverride> overrides() {
        return overrides.entrySet().stream()
                .map(e -> new LinkOverride(e.getKey().first(), e.getKey().second(), e.getValue())).toList();
    }

    LinkProfile between(String a, String b) {
        return overrides.getOrDefault(Ends.of(a, b), standard);
    }

    void checkOverridesExistIn(Network network) {
        for (Ends ends : overrides.keySet()) {
            int link = network.linkBetween(network.node(ends.first()).index(), network.node(ends.second()).index());
            if (link < 0) {
                throw new IllegalArgumentException("no link between " + ends.first() + " and " + ends.second()
                        + ": a link profile can only be given to an existing link");
            }
        }
    }

    /** One link with its own profile. */
    public record LinkOverride(String a, String b, LinkProfile profile) {
    }

    private record Ends(String first, String second) {
        static Ends of(String a, String b) {
            return a.compareTo(b) <= 0 ? new Ends(a, b) : new Ends(b, a);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LinkProfiles other && standard.equals(other.standard) && overrides.equals(other.overrides);
    }

    @Override
    public int hashCode() {
        return Objects.hash(standard, overrides);
    }
}
