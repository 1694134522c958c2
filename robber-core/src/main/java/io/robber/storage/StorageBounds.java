package io.robber.storage;

/** The range check every storage applies before it touches its bytes. */
final class StorageBounds {
    private StorageBounds() {
    }

    static void check(String operation, long position, int length, long size) {
        if (position < 0 || position > size - length) {
            throw new IndexOutOfBoundsException(operation + " of " + length + " bytes at position " + position
                    + " falls outside the storage of " + size + " bytes");
        }
    }
}
