package io.robber.rendezvous;

/**
 * The coordinator declared this receiver dead while its copy was unfinished (it was frozen or cut off
 * for longer than the failure timeout): the copy is kept, and registering again may rejoin the transfer
 * while it runs ({@link Receiver}).
 */
final class DeclaredDead extends RendezvousException {
    DeclaredDead(String why) {
        super(why, null);
    }
}
