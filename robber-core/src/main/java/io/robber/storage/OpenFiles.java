package io.robber.storage;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The open channels of a {@link TreeStorage}'s files, opened on first use. At most {@code max} stay
 * open, the least recently used idle one is closed first, so a tree of many thousand files needs only
 * a few file descriptors. A channel in use is never closed under its user: it closes when released.
 */
final class OpenFiles implements Closeable {

    /** Opens the channel of a file; called with this object's lock held. */
    @FunctionalInterface
    interface Opener {
        FileChannel open(int file) throws IOException;
    }

    /** A channel lent to a user until {@link #release}. */
    static final class Slot {
        private final FileChannel channel;
        private int users;
        private boolean retired;

        private Slot(FileChannel channel) {
            this.channel = channel;
        }

        FileChannel channel() {
            return channel;
        }
    }

    private final int max;
    private final Opener opener;
    private final LinkedHashMap<Integer, Slot> open = new LinkedHashMap<>(16, 0.75f, true);
    private boolean closed;

    OpenFiles(int max, Opener opener) {
        this.max = max;
        this.opener = opener;
    }

    synchronized Slot acquire(int file) throws IOException {
        if (closed) {
            throw new IOException("the storage is closed");
        }
        Slot slot = open.get(file);
        if (slot == null) {
            slot = new Slot(opener.open(file));
            open.put(file, slot);
        }
        slot.users++;
        trim();
        return slot;
    }

    synchronized void release(Slot slot) {
        if (--slot.users == 0 && slot.retired) {
            closeQuietly(slot.channel);
        }
    }

    /** Forgets the file's channel (closed once idle): the next {@link #acquire} opens the file afresh. */
    synchronized void retire(int file) {
        Slot slot = open.remove(file);
        if (slot != null) {
            retire(slot);
        }
    }

    /** Makes the writes through every open channel durable. */
    synchronized void force() throws IOException {
        for (Slot slot : open.values()) {
            slot.channel.force(true);
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        List<Slot> all = new ArrayList<>(open.values());
        open.clear();
        all.forEach(OpenFiles::retire);
    }

    private void trim() {
        Iterator<Slot> eldest = open.values().iterator();
        while (open.size() > max && eldest.hasNext()) {
            Slot slot = eldest.next();
            if (slot.users == 0) {
                eldest.remove();
                retire(slot);
            }
        }
    }

    private static void retire(Slot slot) {
        slot.retired = true;
        if (slot.users == 0) {
            closeQuietly(slot.channel);
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // a read-only or already forced channel: nothing is lost
        }
    }
}
