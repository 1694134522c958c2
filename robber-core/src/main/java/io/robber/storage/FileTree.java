package io.robber.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The shape of a data set made of files: an ordered list of entries (relative path, size, directory
 * flag), empty files and empty directories included. A {@link TreeStorage} lays the files out one
 * after the other in this order as one piece space.
 *
 * <p>Paths use {@code /} as separator and are validated wherever a tree is built, above all when it
 * is decoded from another machine: no absolute path, no {@code .} or {@code ..} segment, no empty
 * segment, no NUL or backslash, no Windows drive letter, at most {@value #MAX_PATH_BYTES} bytes (a
 * segment at most {@value #MAX_SEGMENT_BYTES}), at most {@value #MAX_ENTRIES} entries, no path listed
 * twice and no path below a file. A receiver therefore never writes outside its output directory.
 */
public final class FileTree {
    public static final int MAX_ENTRIES = 1 << 20;
    public static final int MAX_PATH_BYTES = 4096;
    public static final int MAX_SEGMENT_BYTES = 255;
    private static final int MAGIC = 0x52425452; // "RBTR"
    private static final int VERSION = 1;
    /** Kind byte, size and path length. */
    private static final int MIN_ENCODED_ENTRY = 1 + 8 + 2;

    /**
     * One file or directory of the tree.
     *
     * @param path      relative, {@code /}-separated
     * @param size      bytes of a file; 0 for a directory
     * @param directory true for a directory
     */
    public record Entry(String path, long size, boolean directory) {
        public Entry {
            Objects.requireNonNull(path, "path");
            checkPath(path);
            if (size < 0) {
                throw new IllegalArgumentException("entry " + path + " has a negative size: " + size);
            }
            if (directory && size != 0) {
                throw new IllegalArgumentException("directory " + path + " cannot have a size (" + size + ")");
            }
        }

        public static Entry file(String path, long size) {
            return new Entry(path, size, false);
        }

        public static Entry directory(String path) {
            return new Entry(path, 0, true);
        }
    }

    private final List<Entry> entries;
    private final long totalSize;

    private FileTree(List<Entry> entries) {
        if (entries.size() > MAX_ENTRIES) {
            throw new IllegalArgumentException("a tree holds at most " + MAX_ENTRIES + " entries, got " + entries.size());
        }
        this.entries = List.copyOf(entries);
        Map<String, Boolean> kinds = new HashMap<>();
        long total = 0;
        for (Entry e : this.entries) {
            if (kinds.put(e.path(), e.directory()) != null) {
                throw new IllegalArgumentException("path " + e.path() + " appears twice in the tree");
            }
            total += e.size();
            if (total < 0) {
                throw new IllegalArgumentException("the sizes of the tree's files add up to more than 2^63 bytes");
            }
        }
        for (Entry e : this.entries) {
            for (int slash = e.path().indexOf('/'); slash >= 0; slash = e.path().indexOf('/', slash + 1)) {
                if (Boolean.FALSE.equals(kinds.get(e.path().substring(0, slash)))) {
                    throw new IllegalArgumentException("path " + e.path() + " lies below the file "
                            + e.path().substring(0, slash));
                }
            }
        }
        this.totalSize = total;
    }

    /** A tree of these entries, in this order, after validating every path. */
    public static FileTree of(List<Entry> entries) {
        return new FileTree(entries);
    }

    /**
     * The tree of a file or a directory. A file yields one entry named after it; a directory yields
     * its contents (not the directory itself), sorted by path. Any symbolic link, device, socket or
     * pipe inside the directory is refused with an {@link IOException} naming it: refusing links is
     * the simplest rule that can never send data from outside the tree or write outside the output.
     */
    public static FileTree scan(Path source) throws IOException {
        BasicFileAttributes top = Files.readAttributes(source, BasicFileAttributes.class);
        if (top.isRegularFile()) {
            return of(List.of(Entry.file(source.getFileName().toString(), top.size())));
        }
        if (!top.isDirectory()) {
            throw new IOException(source + " is neither a regular file nor a directory");
        }
        List<Entry> entries = new ArrayList<>();
        Files.walkFileTree(source, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                if (!dir.equals(source)) {
                    add(Entry.directory(relative(source, dir)));
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (attrs.isSymbolicLink()) {
                    throw new IOException(file + " is a symbolic link; robber sends regular files and directories"
                            + " only: replace the link by a copy of its target or remove it");
                }
                if (!attrs.isRegularFile()) {
                    throw new IOException(file + " is not a regular file (a device, socket or pipe); remove it");
                }
                add(Entry.file(relative(source, file), attrs.size()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                throw new IOException("cannot read " + file + ": " + e.getMessage(), e);
            }

            private void add(Entry entry) throws IOException {
                if (entries.size() == MAX_ENTRIES) {
                    throw new IOException(source + " holds more than " + MAX_ENTRIES + " files and directories");
                }
                entries.add(entry);
            }
        });
        entries.sort(Comparator.comparing(Entry::path));
        return of(entries);
    }

    private static String relative(Path root, Path p) throws IOException {
        List<String> names = new ArrayList<>();
        root.relativize(p).forEach(name -> names.add(name.toString()));
        String path = String.join("/", names);
        try {
            checkPath(path);
        } catch (IllegalArgumentException e) {
            throw new IOException("cannot send " + p + ": " + e.getMessage(), e);
        }
        return path;
    }

    public List<Entry> entries() {
        return entries;
    }

    /** Sum of the file sizes: the size of the data set. */
    public long totalSize() {
        return totalSize;
    }

    /** {@code [magic][version][count]} then per entry {@code [kind][size][path length][UTF-8 path]}. */
    public byte[] encode() {
        List<byte[]> paths = new ArrayList<>(entries.size());
        long length = 4 + 1 + 4;
        for (Entry e : entries) {
            byte[] path = e.path().getBytes(StandardCharsets.UTF_8);
            paths.add(path);
            length += 1 + 8 + 2 + path.length;
        }
        if (length > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("the tree needs " + length + " bytes encoded, more than one array holds");
        }
        ByteBuffer out = ByteBuffer.allocate((int) length).putInt(MAGIC).put((byte) VERSION).putInt(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            out.put((byte) (e.directory() ? 1 : 0)).putLong(e.size()).putShort((short) paths.get(i).length)
                    .put(paths.get(i));
        }
        return out.array();
    }

    /** Decodes and validates a tree from another machine; hostile input fails with a clear message. */
    public static FileTree decode(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        need(in, 4 + 1 + 4, "the header");
        if (in.getInt() != MAGIC) {
            throw new IllegalArgumentException("not an encoded file tree (bad magic)");
        }
        int version = in.get();
        if (version != VERSION) {
            throw new IllegalArgumentException("file tree version " + version + " unknown; run the same Robber version everywhere");
        }
        int count = in.getInt();
        if (count < 0 || count > MAX_ENTRIES || (long) count * MIN_ENCODED_ENTRY > in.remaining()) {
            throw new IllegalArgumentException("file tree claims " + count + " entries, which " + in.remaining()
                    + " bytes cannot hold (at most " + MAX_ENTRIES + ")");
        }
        List<Entry> entries = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            need(in, 1 + 8 + 2, "entry " + i);
            int kind = in.get();
            if (kind != 0 && kind != 1) {
                throw new IllegalArgumentException("entry " + i + " has unknown kind " + kind);
            }
            long size = in.getLong();
            int pathLength = Short.toUnsignedInt(in.getShort());
            if (pathLength > MAX_PATH_BYTES) {
                throw new IllegalArgumentException("path of entry " + i + " has " + pathLength + " bytes, more than "
                        + MAX_PATH_BYTES);
            }
            need(in, pathLength, "the path of entry " + i);
            ByteBuffer path = in.slice(in.position(), pathLength);
            in.position(in.position() + pathLength);
            entries.add(new Entry(utf8(path, i), size, kind == 1));
        }
        if (in.hasRemaining()) {
            throw new IllegalArgumentException(in.remaining() + " trailing bytes after the file tree");
        }
        return of(entries);
    }

    private static String utf8(ByteBuffer bytes, int entry) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(bytes).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("path of entry " + entry + " is not valid UTF-8");
        }
    }

    private static void need(ByteBuffer in, int bytes, String what) {
        if (in.remaining() < bytes) {
            throw new IllegalArgumentException("file tree truncated in " + what + ": " + in.remaining()
                    + " bytes left, " + bytes + " needed");
        }
    }

    /** Throws {@link IllegalArgumentException} unless {@code path} is a safe relative path. */
    static void checkPath(String path) {
        if (path.isEmpty()) {
            throw new IllegalArgumentException("empty path");
        }
        if (path.getBytes(StandardCharsets.UTF_8).length > MAX_PATH_BYTES) {
            throw new IllegalArgumentException("path longer than " + MAX_PATH_BYTES + " bytes: " + abbreviate(path));
        }
        if (path.indexOf('\0') >= 0 || path.indexOf('\\') >= 0) {
            throw new IllegalArgumentException("path holds a NUL or a backslash: " + abbreviate(path));
        }
        if (path.startsWith("/")) {
            throw new IllegalArgumentException("absolute path: " + abbreviate(path));
        }
        if (path.length() >= 2 && path.charAt(1) == ':' && Character.isLetter(path.charAt(0))) {
            throw new IllegalArgumentException("path starts with a drive letter: " + abbreviate(path));
        }
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw new IllegalArgumentException("path has an empty, '.' or '..' segment: " + abbreviate(path));
            }
            if (segment.getBytes(StandardCharsets.UTF_8).length > MAX_SEGMENT_BYTES) {
                throw new IllegalArgumentException("a name in the path is longer than " + MAX_SEGMENT_BYTES
                        + " bytes: " + abbreviate(path));
            }
        }
    }

    private static String abbreviate(String path) {
        return path.length() <= 120 ? "'" + path + "'" : "'" + path.substring(0, 120) + "...'";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FileTree other && entries.equals(other.entries);
    }

    @Override
    public int hashCode() {
        return entries.hashCode();
    }

    @Override
    public String toString() {
        return "FileTree[" + entries.size() + " entries, " + totalSize + " bytes]";
    }
}
