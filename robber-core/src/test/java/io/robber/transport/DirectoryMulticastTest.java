package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.storage.FileTree;
import io.robber.storage.TreeStorage;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A directory as one data set over real sockets: every receiver ends with the same files, digest for digest. */
class DirectoryMulticastTest {
    private static final int PIECE = 4 * 1024;

    @TempDir
    Path dir;

    @Test
    void aDirectoryArrivesWholeOnEveryMember() throws Exception {
        Path src = Files.createDirectories(dir.resolve("src"));
        Files.createDirectories(src.resolve("docs/empty"));
        Files.createDirectories(src.resolve("bin"));
        Files.write(src.resolve("bin/large"), Delivery.data(10L * PIECE + 123, 1));
        Files.write(src.resolve("docs/zero"), new byte[0]);
        for (int i = 0; i < 40; i++) {
            Files.write(src.resolve("docs/note" + i), Delivery.data(100 + 37L * i, i));
        }
        FileTree tree = FileTree.decode(FileTree.scan(src).encode());
        List<TreeStorage> storages = new ArrayList<>();
        try (LoopbackGroup g = LoopbackGroup.open("robber", 3, 2, 3)) {
            List<CompletableFuture<Void>> done = new ArrayList<>();
            Manifest manifest = null;
            for (MulticastChannel ch : g.channels()) {
                boolean root = ch.self().id().equals("c0n0");
                TreeStorage storage = root ? TreeStorage.open(src, tree)
                        : TreeStorage.create(dir.resolve(ch.self().id()), tree, false);
                storages.add(storage);
                if (manifest == null) {
                    manifest = Manifest.decode(Manifest.compute(storage, PIECE).encode());
                }
                done.add(ch.multicastAsync(manifest, storage, root ? manifest.allPieces() : new BitSet()));
            }
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
            for (MulticastChannel ch : g.channels()) {
                ch.flush(Duration.ofSeconds(30));
            }
        } finally {
            for (TreeStorage s : storages) {
                s.close();
            }
        }

        Map<String, String> expected = digests(src);
        assertThat(expected).containsKeys("bin/large", "docs/zero", "docs/empty/", "docs/note39");
        assertThat(storages).allSatisfy(s -> assertThat(s.complete()).isTrue());
        for (String receiver : List.of("c0n1", "c1n0", "c1n1", "c1n2")) {
            assertThat(digests(dir.resolve(receiver))).as("files of %s", receiver).isEqualTo(expected);
        }
    }

    /** SHA-256 of every file by relative path; directories map to "dir". Temporary files would show up here. */
    private static Map<String, String> digests(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : (Iterable<Path>) all.filter(p -> !p.equals(root))::iterator) {
                String name = root.relativize(p).toString().replace('\\', '/');
                if (Files.isDirectory(p)) {
                    out.put(name + "/", "dir");
                } else {
                    out.put(name, HexFormat.of().formatHex(sha256(Files.readAllBytes(p))));
                }
            }
        }
        return out;
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
