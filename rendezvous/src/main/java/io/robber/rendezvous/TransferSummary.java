package io.robber.rendezvous;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.robber.rendezvous.control.NodeReport;
import java.util.List;

/**
 * The outcome of a push or a receive ({@link Sender}, {@link Receiver}; {@code robber send}, {@code receive},
 * {@code node}): its {@code --json} form.
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
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TransferSummary(String role, String id, String protocol, String name, String kind, long bytes,
                              int pieceSize, String sha256, double seconds, double throughputMBps, boolean verified,
                              String output, List<NodeReport> nodes, List<String> failed, String error) {
}
