package io.robber.rendezvous.data;

import io.robber.rendezvous.ConfigurationException;
import io.robber.rendezvous.Transfers;
import io.robber.rendezvous.Units;
import io.robber.rendezvous.control.ControlMessage;
import io.robber.storage.TemporaryName;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Checks on a receiver's {@code --out} directory, done before it joins a transfer. */
public final class OutputDirectory {
    private OutputDirectory() {
    }

    /**
     * Creates the directory if needed and makes sure this process can write into it.
     *
     * @throws ConfigurationException with a line that says what to do
     */
    public static Path prepare(Path out) {
        Path dir = out.toAbsolutePath().normalize();
        try {
            Files.createDirectories(dir);
        } catch (FileAlreadyExistsException e) {
            throw new ConfigurationException("output directory " + out + " is a file: choose a directory for --out");
        } catch (AccessDeniedException e) {
            throw notWritable(out, "permission denied");
        } catch (IOException e) {
            throw notWritable(out, Transfers.ioMessage(e));
        }
        try {
            Path probe = Files.createTempFile(dir, ".robber-probe-", ".tmp");
            Files.delete(probe);
        } catch (AccessDeniedException e) {
            throw notWritable(out, "permission denied");
        } catch (IOException e) {
            if (Transfers.isDiskFull(e)) {
                throw new ConfigurationException("disk full writing " + out + ": free space or choose another --out");
            }
            throw notWritable(out, Transfers.ioMessage(e));
        }
        return dir;
    }

    private static ConfigurationException notWritable(Path out, String why) {
        return new ConfigurationException("output directory " + out + " is not writable (" + why
                + "): choose another --out or fix its permissions");
    }

    /**
     * Checks what the coordinator offers against the directory: a safe name, enough free space and,
     * unless {@code overwrite}, no existing file or directory under that name (but the directory of a
     * tree that an earlier run left unfinished, marked as such: the copy goes on in it). A partial copy
     * an earlier run left for the name (and size, for a file) is taken as room enough: the copy goes on in
     * it (its blocks are not counted, so a sparse one may still meet a full disk, which the receiver
     * reports, keeping the copy).
     *
     * @throws ConfigurationException when the offer does not fit
     */
    public static void check(Path dir, ControlMessage.Offer offer, boolean overwrite) {
        String name = offer.name();
        Path target = resolveName(dir, name);
        refuseLink(target);
        boolean treeToResume = DataLayout.TREE.equals(offer.kind()) && TargetData.treeResumable(dir, name);
        if (Files.exists(target) && !overwrite && !treeToResume) {
            throw new ConfigurationException(target + " already exists: remove it, choose another --out, or pass "
                    + "--overwrite");
        }
        if (Files.exists(target) && !Files.isDirectory(target) && DataLayout.TREE.equals(offer.kind())) {
            throw new ConfigurationException(target + " is a file and cannot be replaced by the directory the sender "
                    + "pushes: remove it or choose another --out");
        }
        if (Files.isDirectory(target) && DataLayout.FILE.equals(offer.kind())) {
            throw new ConfigurationException(target + " is a directory and cannot be replaced by the file the sender "
                    + "pushes: remove it or choose another --out");
        }
        try {
            long free = Files.getFileStore(dir).getUsableSpace();
            if (free < offer.size() && !treeToResume && !(DataLayout.FILE.equals(offer.kind())
                    && TargetData.reusable(dir, name, offer.size()).isPresent())) {
                throw new ConfigurationException("not enough space in " + dir + " for " + name + ": "
                        + Units.bytes(offer.size()) + " needed, " + Units.bytes(free)
                        + " free; free space or choose another --out");
            }
        } catch (IOException e) {
            // Unknown free space: the transfer reports a full disk if it happens.
        }
    }

    /**
     * Refuses a symbolic link at {@code target}, with or without {@code --overwrite}: a link there may lead
     * anywhere, and a receiver writes only inside its {@code --out}.
     *
     * @throws ConfigurationException when {@code target} is a link
     */
    public static void refuseLink(Path target) {
        if (Files.isSymbolicLink(target)) {
            throw new ConfigurationException(target + " is a symbolic link: robber never writes through a link under "
                    + "--out (with or without --overwrite); remove the link or choose another --out");
        }
    }

    /** {@code dir/name} for a name the sender chose, refusing anything but one plain path segment. */
    static Path resolveName(Path dir, String name) {
        if (name == null || name.isEmpty() || name.equals(".") || name.equals("..") || name.contains("/")
                || name.contains("\\") || name.indexOf('\0') >= 0
                || name.getBytes(StandardCharsets.UTF_8).length > TemporaryName.MAX_BYTES) {
            throw new ConfigurationException("the sender offers a data set named '" + name + "', which is not a plain "
                    + "file name: refusing to write it");
        }
        Path target = dir.resolve(name).normalize();
        if (!dir.equals(target.getParent())) {
            throw new ConfigurationException("the sender offers a data set named '" + name + "' that would land outside "
                    + dir + ": refusing to write it");
        }
        return target;
    }
}
