package io.robber.rendezvous.control;

import java.util.List;

/**
 * The frames of the control protocol, JSON objects told apart by their {@code type} field ({@link ControlCodec}).
 *
 * <pre>
 * receiver                                   coordinator (the sender)
 *    | -- "RBRC" + version ------------------> |   both sides, first thing on the connection
 *    | <------------------ "RBRC" + version -- |
 *    | <---------------------------- hello --- |   nonce, secret required?, what will be pushed
 *    | --- register -------------------------> |   nonce, id, cluster, data address   (MAC'd if a secret is set)
 *    |     or decline, and hang up              |   it cannot take what the hello offers, and why (MAC'd alike)
 *    | <------------------ accepted|refused -- |   every frame from here on is MAC'd if a secret is set
 *    | <--------------------- waiting (1/s) -- |   until every expected receiver has registered
 *    | <------------------------ manifest ... - |   the piece digests, 2^18 per frame
 *    | <------------------------------ start - |   the group, the protocol, the manifest (+ file tree)
 *    | --- progress (2/s) -------------------> |
 *    | <-------------------------- departed -- |   a member of the group was lost or failed: do not wait for it
 *    | --- done -----------------------------> |   this node's copy is complete and verified, or why not
 *    | <----------------------------- finish - |   every member is done, or who failed
 * </pre>
 */
public sealed interface ControlMessage {

    /**
     * What the coordinator pushes, so that a receiver can check its output directory before it joins.
     *
     * @param kind  {@code file} or {@code tree} (a directory)
     * @param files number of files (1 for a file)
     */
    record Offer(String name, String kind, long size, int files) {
    }

    /**
     * First frame of the coordinator.
     *
     * @param robber the coordinator's build version, for error messages
     * @param auth   whether a shared secret is required
     * @param nonce  the coordinator's challenge (base64, 32 bytes)
     * @param mode   {@code rendezvous} or {@code static}
     */
    record Hello(String robber, boolean auth, String nonce, String mode, Offer offer) implements ControlMessage {
    }

    /**
     * A receiver asks to join.
     *
     * @param nonce       the receiver's challenge (base64, 32 bytes)
     * @param host        host of its data address
     * @param port        port of its data address
     * @param groupDigest in static mode, the digest of its group file
     */
    record Register(String robber, String nonce, String id, String cluster, String host, int port,
                    String groupDigest) implements ControlMessage {
    }

    /**
     * A receiver that cannot take the offer (its output directory holds the name, lacks the space, ...)
     * says so instead of registering, so the sender need not wait for it.
     *
     * @param nonce  the receiver's challenge (base64, 32 bytes), as in {@link Register}
     * @param reason the receiver's one line on why
     */
    record Decline(String robber, String nonce, String id, String reason) implements ControlMessage {
    }

    /**
     * The coordinator took the receiver in.
     *
     * @param rejoined it registered again while the transfer runs (it was restarted): the start frame follows
     */
    record Accepted(int registered, int expected, boolean rejoined) implements ControlMessage {
    }

    /**
     * The coordinator turns a receiver away.
     *
     * @param code one of {@link Refusal}'s codes
     */
    record Refused(String code, String reason) implements ControlMessage {
    }

    /** Sent every second until the transfer starts: how many receivers have registered. */
    record Waiting(int registered, int expected) implements ControlMessage {
    }

    /** One member of the group as the coordinator fixed it. */
    record MemberSpec(String id, String cluster, String host, int port) {
    }

    /**
     * The manifest: size, piece size, how many {@link ManifestPart}s carried its piece digests and the root
     * digest (hex) to cross-check.
     *
     * @param sha256 SHA-256 (hex) of the whole data set as one byte stream
     */
    record ManifestSpec(long size, int pieceSize, int parts, String root, String sha256) {
    }

    /**
     * Sent just before the start: part {@code index} of the manifest's piece digests (base64), see
     * {@link ManifestParts}.
     */
    record ManifestPart(int index, String digests) implements ControlMessage {
    }

    /**
     * Everyone starts: the group in its final order, the protocol and what to transfer.
     *
     * @param tree the encoded file tree (base64) when {@code offer.kind} is {@code tree}
     */
    record Start(String protocol, List<MemberSpec> members, Offer offer, ManifestSpec manifest, String tree)
            implements ControlMessage {
    }

    /** A receiver's progress: payload bytes received so far. */
    record Progress(long bytes) implements ControlMessage {
    }

    /**
     * A receiver's outcome.
     *
     * @param ok    its copy is complete, verified and in place
     * @param error why not, one line
     * @param node  its numbers
     */
    record Done(boolean ok, String error, NodeReport node) implements ControlMessage {
    }

    /**
     * A member of the group is gone (its control connection was lost, or it reported a failure): the
     * data channel declares it dead now instead of waiting for it.
     */
    record Departed(String id, String reason) implements ControlMessage {
    }

    /**
     * The end of the transfer.
     *
     * @param failed members that did not get the data (empty on success)
     * @param reason one line on what happened to them
     */
    record Finish(List<String> failed, String reason) implements ControlMessage {
    }

    /** The coordinator gives up before or during the transfer. */
    record Abort(String reason) implements ControlMessage {
    }
}
