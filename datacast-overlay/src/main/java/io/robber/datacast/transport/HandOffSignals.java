package io.robber.datacast.transport;

/**
 * A receiver's side of the block hand-off (§4.2): it tells its tree's source when it has asked for
 * every packet of the blocks it knows (the tree is ready for the next). A tree with a fixed
 * schedule has {@link #NONE}.
 */
interface HandOffSignals {
    HandOffSignals NONE = new HandOffSignals() {
        @Override
        public void outOfNames(int knownBlocks) {
        }

        @Override
        public void stop() {
        }
    };

    /** The receiver has asked for every packet of the {@code knownBlocks} blocks it was given. */
    void outOfNames(int knownBlocks);

    /** Stops asking for a block: one came, or the receiver left the tree. */
    void stop();
}
