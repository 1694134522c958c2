package io.robber.rendezvous;

/**
 * What a push or a receive tells its operator while it runs: status lines, warnings and progress.
 * Every method may be called from any thread. The default methods ignore everything.
 */
public interface TransferListener {
    /** A listener that ignores everything. */
    TransferListener SILENT = new TransferListener() {
    };

    /** A status line, e.g. a receiver registered. */
    default void info(String line) {
    }

    /** Something went wrong but the transfer goes on, e.g. a receiver was lost. */
    default void warn(String line) {
    }

    /**
     * Progress, called about ten times a second while data moves.
     *
     * @param done  bytes done so far (on the sender: summed over the receivers)
     * @param total bytes in all
     * @param note  extra text, e.g. how many receivers are done; may be empty
     */
    default void progress(long done, long total, String note) {
    }

    /** No more progress follows. */
    default void endProgress() {
    }
}
