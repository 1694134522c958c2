package io.robber.storage;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Temporary names beside a final one that stay legal whenever the final name is: at most
 * {@link #MAX_BYTES} bytes of UTF-8, the common limit of Linux, macOS and Windows file systems. A name
 * too long to carry its prefix and suffix keeps a cut of itself and gains a digest of the whole name
 * instead, so two long names that share their start still get different temporary names.
 */
public final class TemporaryName {
    /** The longest file name, in bytes, that common file systems accept. */
    public static final int MAX_BYTES = 255;
    private static final int DIGEST_CHARS = 16;

    private TemporaryName() {
    }

    /**
     * {@code prefix + name + suffix}, or, when that exceeds {@link #MAX_BYTES} bytes, {@code prefix + a cut of
     * name + "~" + 16 hex digits of its SHA-256 + suffix}. The same arguments give the same name.
     */
    public static String of(String prefix, String name, String suffix) {
        String plain = prefix + name + suffix;
        if (utf8(plain) <= MAX_BYTES) {
            return plain;
        }
        int budget = MAX_BYTES - utf8(prefix) - utf8(suffix) - 1 - DIGEST_CHARS;
        if (budget < 0) {
            throw new IllegalArgumentException("prefix and suffix leave no room for a name: " + prefix + "..." + suffix);
        }
        return prefix + cut(name, budget) + "~" + digest(name) + suffix;
    }

    private static int utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /** The longest start of {@code name} of at most {@code bytes} bytes that splits no character. */
    private static String cut(String name, int bytes) {
        int used = 0;
        int end = 0;
        while (end < name.length()) {
            int cp = name.codePointAt(end);
            int size = utf8(new String(Character.toChars(cp)));
            if (used + size > bytes) {
                break;
            }
            used += size;
            end += Character.charCount(cp);
        }
        return name.substring(0, end);
    }

    private static String digest(String name) {
        try {
            byte[] sha = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha, 0, DIGEST_CHARS / 2);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
