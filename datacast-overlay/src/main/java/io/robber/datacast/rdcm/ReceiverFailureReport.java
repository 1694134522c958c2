package io.robber.datacast.rdcm;

/**
 * §3.4: receiver {@code reporter}'s report that its overlay successor {@code failed} took none of its
 * repairs, at virtual time {@code atNanos}; the manager took {@code failed} out of the group.
 */
public record ReceiverFailureReport(int reporter, int failed, long atNanos) {
}
