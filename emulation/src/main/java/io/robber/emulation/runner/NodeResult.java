package io.robber.emulation.runner;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One node of a run.
 *
 * @param seconds      time from the common start until this node held every piece; null if it never did
 * @param verified     its copy checked out (matches the root's data; in virtual time: holds every piece)
 * @param piecesStolen pieces of work it obtained by stealing
 * @param error        why the node failed, absent on success
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NodeResult(String id, String cluster, Double seconds, boolean verified,
                         Traffic bytesIn, Traffic bytesOut, long piecesStolen, String error) {
}
