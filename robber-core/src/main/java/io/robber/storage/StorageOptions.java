package io.robber.storage;

/**
 * Tuning of the file storages.
 *
 * @param maxOpenFiles how many files of a {@link TreeStorage} stay open at once, at most (the least
 *                     recently used idle one is closed first); {@value #DEFAULT_MAX_OPEN_FILES} by default
 */
public record StorageOptions(int maxOpenFiles) {
    public static final int DEFAULT_MAX_OPEN_FILES = 64;
    public static final StorageOptions DEFAULTS = new StorageOptions(DEFAULT_MAX_OPEN_FILES);

    public StorageOptions {
        if (maxOpenFiles < 1) {
            throw new IllegalArgumentException("at least one file must be allowed open, got " + maxOpenFiles);
        }
    }
}
