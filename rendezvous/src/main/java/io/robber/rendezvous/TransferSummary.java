package io.robber.rendezvous;

import io.robber.rendezvous.control.Json;
import io.robber.rendezvous.control.NodeReport;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The outcome of a push or a receive ({@link Sender}, {@link Receiver}; {@code robber send}, {@code receive},
 * {@code node}) and its {@code --json} form ({@link #json()}).
 *
 * @param role           {@code sender} or {@code receiver}
 * @param id             this node's member id
 * @param kind           {@code file} or {@code tree}
 * @param bytes          size of the data set
 * @param sha256         SHA-256 of the data set's bytes (for a tree: of its files concatenated in tree order), as
 *                       the sender computed it with the manifest; a receiver's copy matches it because every
 *                       piece matched the manifest
 * @param seconds        from the start of the transfer until the last node (sender) or this node (receiver) was done
 * @param throughputMBps {@code bytes / seconds / 1e6}
 * @param verified       sender: every copy verified; receiver: its own copy verified and in place
 * @param output         where a receiver put the data
 * @param nodes          sender: every member; receiver: itself
 * @param failed         members that did not get the data
 * @param error          why the transfer failed, absent on success
 */
public record TransferSummary(String role, String id, String protocol, String name, String kind, long bytes,
                              int pieceSize, String sha256, double seconds, double throughputMBps, boolean verified,
                              String output, List<NodeReport> nodes, List<String> failed, String error) {

    /** One JSON object on one line: these fields in this order, absent values left out. */
    public String json() {
        return new String(Json.bytes(json -> {
            json.writeStartObject();
            Json.string(json, "role", role);
            Json.string(json, "id", id);
            Json.string(json, "protocol", protocol);
            Json.string(json, "name", name);
            Json.string(json, "kind", kind);
            json.writeNumberField("bytes", bytes);
            json.writeNumberField("pieceSize", pieceSize);
            Json.string(json, "sha256", sha256);
            json.writeNumberField("seconds", seconds);
            json.writeNumberField("throughputMBps", throughputMBps);
            json.writeBooleanField("verified", verified);
            Json.string(json, "output", output);
            if (nodes != null) {
                json.writeArrayFieldStart("nodes");
                for (NodeReport node : nodes) {
                    node.writeTo(json);
                }
                json.writeEndArray();
            }
            Json.strings(json, "failed", failed);
            Json.string(json, "error", error);
            json.writeEndObject();
        }), StandardCharsets.UTF_8);
    }
}
