package io.robber.rendezvous;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.robber.api.Manifest;
import io.robber.api.Member;
import io.robber.rendezvous.control.Admission;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * A static group for fixed deployments ({@code robber node --group FILE}), JSON or YAML (by the
 * extension {@code .yaml}/{@code .yml}):
 *
 * <pre>
 * members:
 *   - id: ams-1
 *     cluster: amsterdam
 *     address: 198.18.1.1:7700        # data address
 *   - id: chi-1
 *     cluster: chicago
 *     address: 198.18.2.1:7700
 *     control: 198.18.2.1:7800        # optional; default: the address's port + 1
 * </pre>
 *
 * Every node reads the same file: the group order is the file's order.
 */
public final class GroupFile {
    private final Path path;
    private final List<Entry> entries;
    private final String digest;

    /** The file's shape, for Jackson. */
    record Content(@JsonProperty("members") List<Entry> members) {
    }

    /** One member as written in the file. */
    public record Entry(@JsonProperty("id") String id,
                        @JsonProperty("cluster") String cluster,
                        @JsonProperty("address") String address,
                        @JsonProperty("control") String control) {
    }

    private GroupFile(Path path, List<Entry> entries) {
        this.path = path;
        this.entries = List.copyOf(entries);
        this.digest = digest(entries);
    }

    /**
     * Reads and checks a group file.
     *
     * @throws ConfigurationException with the file name and what is wrong
     */
    public static GroupFile read(Path path) {
        String name = path.getFileName() == null ? path.toString() : path.getFileName().toString().toLowerCase(Locale.ROOT);
        ObjectMapper mapper = (name.endsWith(".yaml") || name.endsWith(".yml") ? new ObjectMapper(new YAMLFactory())
                : new ObjectMapper()).enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        Content content;
        try {
            content = mapper.readValue(path.toFile(), Content.class);
        } catch (UnrecognizedPropertyException e) {
            throw new ConfigurationException("group file " + path + ": unknown field '" + e.getPropertyName()
                    + "' (members have id, cluster, address and optionally control)");
        } catch (JsonProcessingException e) {
            throw new ConfigurationException("group file " + path + " is not a valid group: " + e.getOriginalMessage()
                    + location(e));
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw new ConfigurationException("group file " + path + " does not exist: check --group");
        } catch (IOException e) {
            throw new ConfigurationException("cannot read group file " + path + ": " + e.getMessage());
        }
        if (content == null || content.members() == null || content.members().isEmpty()) {
            throw new ConfigurationException("group file " + path + " lists no members: add a 'members' list");
        }
        GroupFile file = new GroupFile(path, content.members());
        file.validate();
        return file;
    }

    private static String location(JsonProcessingException e) {
        return e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")";
    }

    private void validate() {
        Set<String> ids = new HashSet<>();
        Set<String> addresses = new HashSet<>();
        for (Entry e : entries) {
            if (e.id() == null || e.id().isBlank()) {
                throw new ConfigurationException("group file " + path + ": a member has no id");
            }
            if (e.cluster() == null || e.cluster().isBlank()) {
                throw new ConfigurationException("group file " + path + ": member " + e.id() + " has no cluster");
            }
            if (e.address() == null || e.address().isBlank()) {
                throw new ConfigurationException("group file " + path + ": member " + e.id() + " has no address "
                        + "(HOST:PORT of its data channel)");
            }
            if (!ids.add(e.id())) {
                throw new ConfigurationException("group file " + path + ": member id " + e.id() + " appears twice");
            }
            InetSocketAddress data = dataAddress(e);
            if (!addresses.add(Addresses.format(data))) {
                throw new ConfigurationException("group file " + path + ": address " + e.address()
                        + " appears twice: give each member its own address or port");
            }
            controlAddress(e);
        }
    }

    public Path path() {
        return path;
    }

    public List<Entry> entries() {
        return entries;
    }

    /** A digest of the members in order: nodes with different files refuse to work together. */
    public String digest() {
        return digest;
    }

    public Entry entry(String id) {
        return entries.stream().filter(e -> e.id().equals(id)).findFirst()
                .orElseThrow(() -> new ConfigurationException("--self " + id + " is not a member of group file " + path
                        + ": use one of its ids (" + String.join(", ", entries.stream().map(Entry::id).toList()) + ")"));
    }

    public List<Member> members() {
        List<Member> members = new ArrayList<>();
        for (Entry e : entries) {
            members.add(new Member(e.id(), e.cluster(), dataAddress(e)));
        }
        return members;
    }

    public InetSocketAddress dataAddress(Entry e) {
        return Addresses.parse(e.address(), "address of member " + e.id() + " in " + path, null, -1);
    }

    /** Where the member listens for control connections when it is the root. */
    public InetSocketAddress controlAddress(Entry e) {
        if (e.control() != null) {
            return Addresses.parse(e.control(), "control of member " + e.id() + " in " + path, dataAddress(e)
                    .getHostString(), -1);
        }
        InetSocketAddress data = dataAddress(e);
        if (data.getPort() == 65535) {
            throw new ConfigurationException("group file " + path + ": member " + e.id() + " has data port 65535, so "
                    + "its control port (data port + 1) does not exist: give it a 'control' address");
        }
        return new InetSocketAddress(data.getHostString(), data.getPort() + 1);
    }

    /** Admits exactly the members of this file (other than the root), registered with this file's digest. */
    public Admission admission(String root) {
        return (candidate, accepted) -> {
            if (!digest.equals(candidate.groupDigest())) {
                return Optional.of("it uses a different group file: give every node the same " + path.getFileName());
            }
            Optional<Entry> entry = entries.stream().filter(e -> e.id().equals(candidate.id())).findFirst();
            if (entry.isEmpty() || entry.get().id().equals(root)) {
                return Optional.of("'" + candidate.id() + "' is not a receiver of the group file");
            }
            InetSocketAddress data = dataAddress(entry.get());
            if (!entry.get().cluster().equals(candidate.cluster()) || data.getPort() != candidate.port()
                    || !data.getHostString().equals(candidate.host())) {
                return Optional.of("its cluster or address differ from the group file's entry for " + candidate.id());
            }
            if (accepted.stream().anyMatch(r -> r.id().equals(candidate.id()))) {
                return Optional.of("member " + candidate.id() + " is already registered: is it running twice?");
            }
            return Optional.empty();
        };
    }

    private static String digest(List<Entry> entries) {
        MessageDigest sha = Manifest.sha256();
        for (Entry e : entries) {
            for (String field : new String[] {e.id(), e.cluster(), e.address(), e.control() == null ? "" : e.control()}) {
                sha.update(String.valueOf(field).getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
