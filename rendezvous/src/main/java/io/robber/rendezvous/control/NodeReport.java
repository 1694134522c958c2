package io.robber.rendezvous.control;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One node's numbers after a transfer: part of every {@code --json} summary and of the report a
 * receiver sends its coordinator.
 *
 * @param seconds        from the start of the transfer until this node held every piece; null if it never did
 * @param throughputMBps data set bytes / seconds / 1e6
 * @param verified       its copy matched the root's SHA-256 and is in place
 * @param error          why not, absent on success
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NodeReport(String id, String cluster, String role, Double seconds, Double throughputMBps,
                         boolean verified, Traffic bytesIn, Traffic bytesOut, String error) {

    /** Payload bytes of one direction: within the node's cluster ({@code local}) and across clusters ({@code global}). */
    public record Traffic(long local, long global) {
    }

    public NodeReport withError(String newError) {
        return new NodeReport(id, cluster, role, seconds, throughputMBps, false, bytesIn, bytesOut, newError);
    }
}
