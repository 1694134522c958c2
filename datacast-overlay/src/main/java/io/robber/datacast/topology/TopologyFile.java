package io.robber.datacast.topology;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A topology as a JSON file: its spec, the default link and the links with a profile of their own.
 *
 * <pre>{@code
 * {"topology": "bcube:4,1",
 *  "link": {"capacityBitsPerSecond": 1000000000, "delayNanos": 5000, "queuePackets": 100},
 *  "links": [{"between": ["<0,0>", "02"], "capacityBitsPerSecond": 100000000}]}
 * }</pre>
 *
 * {@code link} may be left out (the paper's 1 Gbit/s, 5 µs, 100 packets), and so may any field of an
 * entry of {@code links} (it keeps the default link's value).
 */
public final class TopologyFile {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    private TopologyFile() {
    }

    /** The file's document. */
    record Document(String topology, Profile link, List<LinkEntry> links) {
    }

    /** A link profile; null fields take the default's values. */
    record Profile(Long capacityBitsPerSecond, Long delayNanos, Integer queuePackets) {
        static Profile of(LinkProfile profile) {
            return new Profile(profile.capacityBitsPerSecond(), profile.delayNanos(), profile.queuePackets());
        }

        LinkProfile over(LinkProfile base) {
            return new LinkProfile(capacityBitsPerSecond == null ? base.capacityBitsPerSecond() : capacityBitsPerSecond,
                    delayNanos == null ? base.delayNanos() : delayNanos,
                    queuePackets == null ? base.queuePackets() : queuePackets);
        }
    }

    /** One link with its own profile. */
    record LinkEntry(List<String> between, Long capacityBitsPerSecond, Long delayNanos, Integer queuePackets) {
    }

    public static Topology read(Path file) {
        try {
            return parse(Files.readString(file));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read topology file " + file + ": " + e.getMessage(), e);
        }
    }

    public static void write(Topology topology, Path file) throws IOException {
        Files.writeString(file, toJson(topology));
    }

    public static Topology parse(String json) {
        Document document;
        try {
            document = MAPPER.readValue(json, Document.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("bad topology file: " + e.getOriginalMessage()
                    + " (expected {\"topology\": \"bcube:4,1\", \"link\": {...}, \"links\": [...]})", e);
        }
        if (document.topology() == null) {
            throw new IllegalArgumentException("bad topology file: no \"topology\" spec, " + TopologySpec.EXAMPLES);
        }
        LinkProfile standard = document.link() == null ? LinkProfile.DEFAULT : document.link().over(LinkProfile.DEFAULT);
        LinkProfiles profiles = LinkProfiles.uniform(standard);
        List<LinkEntry> overrides = document.links() == null ? List.of() : document.links();
        for (int i = 0; i < overrides.size(); i++) {
            LinkEntry link = overrides.get(i);
            if (link.between() == null || link.between().size() != 2) {
                throw new IllegalArgumentException("bad topology file: links[" + i + "] needs \"between\": [two node names]");
            }
            Profile profile = new Profile(link.capacityBitsPerSecond(), link.delayNanos(), link.queuePackets());
            profiles = profiles.with(link.between().get(0), link.between().get(1), profile.over(standard));
        }
        return TopologySpec.parse(document.topology(), profiles);
    }

    public static String toJson(Topology topology) {
        LinkProfiles profiles = topology.linkProfiles();
        List<LinkEntry> links = profiles.overrides().stream().map(o -> new LinkEntry(List.of(o.a(), o.b()),
                o.profile().capacityBitsPerSecond(), o.profile().delayNanos(), o.profile().queuePackets())).toList();
        Document document = new Document(topology.spec(), Profile.of(profiles.standard()), links.isEmpty() ? null : links);
        try {
            return MAPPER.writeValueAsString(document);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the topology as JSON: " + e.getOriginalMessage(), e);
        }
    }
}
