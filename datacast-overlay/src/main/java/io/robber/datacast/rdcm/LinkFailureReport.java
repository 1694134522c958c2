package io.robber.datacast.rdcm;

/**
 * §3.4: receiver {@code reporter}'s report that its overlay successor gets everything from the
 * overlay, at virtual time {@code atNanos}, and the failed-link set the manager inferred from it; or
 * the sender's report of a silent tree ({@code successor} −1).
 */
public record LinkFailureReport(int reporter, int successor, long atNanos, int[] failedLinks) {
}
